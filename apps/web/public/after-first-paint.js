// Fetches the app once its HTML's first screen is painted (decision 017, third pass).
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var done = false;
  // Starting a fetch costs the page's thread about a millisecond, four on a slow phone: the
  // page's own chunks are asked for a few at a time, in tasks of their own, after the entry.
  var modules = (self.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  function preloadSome() {
    modules.splice(0, 6).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    if (modules.length > 0) setTimeout(preloadSome, 0);
  }
  function load() {
    if (done) return;
    done = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
    setTimeout(preloadSome, 0);
  }
  // A frame, then a task: after the paint. A hidden tab paints nothing: the timeout loads it there.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 250);
})();
