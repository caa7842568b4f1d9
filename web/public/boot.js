// Runs before the app's own script has downloaded (index.html, async): a signed-in start on the
// chat list or a chat asks for that page's chunks and its texts at once, beside the app's script,
// instead of after it (about 100 kB gzip later on a slow phone network). The build writes which
// files those are into index.html's #start-chunks (vite.config.ts startChunks). Signed out, or
// on another page, it does nothing and the app loads as before.
(function () {
  try {
    var chunks = JSON.parse(document.getElementById('start-chunks').textContent);
    var read = function (key) {
      return JSON.parse(localStorage.getItem(key));
    };
    // The session check of web/src/lib/storage-core.ts (hasValidSession).
    var token = read('uni_id_token');
    var expires = Number(read('tokenExpired'));
    if (typeof token !== 'string' || token === '' || (expires > 0 && expires <= Date.now())) return;
    var page = chunks.pages[location.hash.replace(/^#/, '').split('?')[0] || '/'];
    if (!page) return;
    var texts = chunks.texts[read('language')] || chunks.texts.vi;
    chunks.frame.concat(page, texts).forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  } catch {
    // Unreadable storage or no list: the app loads its chunks itself.
  }
})();
