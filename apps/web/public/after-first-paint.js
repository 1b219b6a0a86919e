// Fetches the app once its HTML's first screen is painted (decision 017, third pass).
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var done = false;
  function load() {
    if (done) return;
    done = true;
    (self.getAttribute('data-modules') || '').split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  // A frame, then a task: after the paint. A hidden tab paints nothing: the timeout loads it there.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 250);
})();
