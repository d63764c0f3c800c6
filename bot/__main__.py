from bot.tools.cli import main

raise SystemExit(main())
