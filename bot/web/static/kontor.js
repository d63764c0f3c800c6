// Kontor's table pages without a reload: the table's page listens to its events (server-sent) and fetches itself
// again when what it shows changed; the step-through follows the arrow keys and a swipe. Without JavaScript the
// pages reload themselves (table) or work through their links (steps).
(function () {
  "use strict";
  var body = document.body;
  var live = body.getAttribute("data-live");
  var busy = false;

  function refresh(key) {
    if (busy) { return; }
    busy = true;
    fetch(location.href, { cache: "no-store", credentials: "omit" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) { return; }
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.getElementById("live");
        var old = document.getElementById("live");
        if (fresh && old) {
          old.replaceWith(document.importNode(fresh, true));
          body.setAttribute("data-key", doc.body.getAttribute("data-key") || key);
          document.title = doc.title;
        }
      })
      .catch(function () { /* the next event tries again */ })
      .then(function () {
        busy = false;
        if (wanted && wanted !== body.getAttribute("data-key")) { refresh(wanted); }
      });
  }

  var wanted = null;
  if (live && window.EventSource) {
    var source = new EventSource(live);
    source.addEventListener("key", function (event) {
      wanted = event.data;
      if (event.data !== body.getAttribute("data-key")) { refresh(event.data); }
    });
  }

  function go(rel) {
    var link = document.querySelector('a[rel="' + rel + '"]');
    if (link) { location.href = link.href; }
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey ||
        (target && target.closest && target.closest("input, textarea, select"))) { return; }
    if (event.key === "ArrowLeft") { go("prev"); }
    if (event.key === "ArrowRight") { go("next"); }
  });
  var startX = null;
  var startY = null;
  document.addEventListener("touchstart", function (event) {
    startX = event.touches[0].clientX;
    startY = event.touches[0].clientY;
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (startX === null) { return; }
    var dx = event.changedTouches[0].clientX - startX;
    var dy = event.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) { go(dx < 0 ? "next" : "prev"); }
  }, { passive: true });
})();
