// The book's math: MathJax 2.7 from the site's own copy (assets/mathjax, the files of the jupyter-server-mathjax
// package), so a page read from disk or served offline typesets its TeX. Notebook cells write $…$ and $$…$$;
// Markdown pages get \(…\) and \[…\] from pymdownx.arithmatex. The package ships the STIX-Web fonts only.
// When the first typesetting is done, <html data-math="done"> tells a test (or a screenshot) the page is ready.
window.MathJax = {
  config: ['TeX-AMS-MML_HTMLorMML-full.js', 'Safe.js'],
  tex2jax: {inlineMath: [['$', '$'], ['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']],
            processEscapes: true, processEnvironments: true},
  'HTML-CSS': {availableFonts: [], imageFont: null, preferredFont: null, webFont: 'STIX-Web',
               linebreaks: {automatic: true}},
  messageStyle: 'none',
  AuthorInit: function () {
    MathJax.Hub.Register.StartupHook('End', function () {
      MathJax.Hub.Queue(function () { document.documentElement.dataset.math = 'done'; });
    });
  }
};
