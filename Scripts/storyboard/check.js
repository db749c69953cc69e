// Appended to a storyboard page by check.py before Chromium loads it: switches to every locale
// through the page's own buttons and reports, as JSON in <pre id="storyboard-check">, what is on
// screen (paths, strips, screens) and every box that spills out of where it belongs.
(function () {
  try { check(); } catch (e) {
    var pre = document.createElement('pre');
    pre.id = 'storyboard-check';
    pre.textContent = JSON.stringify({ error: String(e && e.stack || e) });
    document.body.appendChild(pre);
  }
  function check() {
  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function shown(el) { return el.getClientRects().length > 0 && el.offsetHeight > 0; }
  function describe(el) {
    var text = (el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined ? '.' + String(el.className).split(' ').join('.') : '') + ' "' + text + '"';
  }
  function outside(inner, outer) {
    return inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5 || inner.top < outer.top - 0.5 || inner.bottom > outer.bottom + 0.5;
  }
  var report = { paths: [], locales: [], overflow: [], pageOverflow: 0 };
  var paths = all(document, 'article.path');
  report.paths = paths.map(function (p) { return p.getAttribute('data-path') + '|' + p.getAttribute('data-states'); });
  all(document, '.locales button').forEach(function (button) {
    button.click();
    var index = button.getAttribute('data-locale-index');
    var locale = { index: index, tag: button.getAttribute('data-tag'), pressed: button.getAttribute('aria-pressed'),
                   bodyLocale: document.body.getAttribute('data-locale'), visibleStrips: 0, wrongStrips: 0, screens: 0, emptyScreens: 0 };
    paths.forEach(function (p) {
      all(p, 'ol.strip').forEach(function (strip) {
        if (!shown(strip)) return;
        if (strip.getAttribute('data-l') === index) locale.visibleStrips += 1; else locale.wrongStrips += 1;
      });
    });
    var strips = all(document, 'ol.strip[data-l="' + index + '"]');
    strips.forEach(function (strip) {
      var stripBox = strip.getBoundingClientRect();
      all(strip, ':scope > li').forEach(function (item) {
        if (outside(item.getBoundingClientRect(), stripBox)) report.overflow.push(locale.tag + ': ' + describe(item) + ' leaves its strip');
        if (item.classList.contains('screen')) {
          locale.screens += 1;
          if (!item.textContent.trim()) locale.emptyScreens += 1;
        }
        var itemBox = item.getBoundingClientRect();
        all(item, '*').forEach(function (el) {
          var box = el.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) return;
          if (outside(box, itemBox)) report.overflow.push(locale.tag + ': ' + describe(el) + ' leaves its screen');
        });
        // Everything drawn on a phone stays on it (the phone clips what does not).
        all(item, '.phone').forEach(function (phone) {
          var phoneBox = phone.getBoundingClientRect();
          all(phone, '*').forEach(function (el) {
            var box = el.getBoundingClientRect();
            if ((box.width || box.height) && outside(box, phoneBox)) report.overflow.push(locale.tag + ': ' + describe(el) + ' leaves the phone');
          });
        });
        // Text cut off by its box, alert buttons included: the layout comes from the width
        // estimate, and the page's font has the estimate's metrics, so a label the estimate says
        // fits does fit, and a longer one wraps (issue 32).
        all(item, 'p, li, b, code, .s-name, .s-value, .a-title, .a-msg, .a-btn').forEach(function (el) {
          if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) report.overflow.push(locale.tag + ': ' + describe(el) + ' is wider than its box');
        });
      });
    });
    report.locales.push(locale);
  });
  all(document, 'g.node').forEach(function (g) {
    var box = g.querySelector('rect').getBoundingClientRect();
    all(g, 'text').forEach(function (t) {
      var b = t.getBoundingClientRect();
      if (b.left < box.left - 1 || b.right > box.right + 1) report.overflow.push('graph node ' + g.getAttribute('data-node') + ' "' + t.textContent + '" is wider than its box');
    });
  });
  // Every edge label lies on its card (sized by the estimate), so no edge runs through its text.
  all(document, 'text.elabel').forEach(function (t) {
    var card = t.previousElementSibling;
    if (!card || !card.classList.contains('elabel-bg')) { report.overflow.push('edge label "' + t.textContent + '" has no card'); return; }
    var b = t.getBoundingClientRect(), c = card.getBoundingClientRect();
    if (b.left < c.left - 0.5 || b.right > c.right + 0.5) report.overflow.push('edge label "' + t.textContent + '" is ' + (b.width).toFixed(1) + ' px wide, its card ' + (c.width - 7).toFixed(1));
  });
  // A flow with experiments shows its variants side by side (issue 34): every column heading and
  // every row of the grid (one ending across the variants) starts at the same height, the columns
  // left to right. Stacked variants would put them at one left and different heights.
  report.variants = all(document, '.variant-grid').map(function (grid) {
    var columns = all(grid, ':scope > .variant-head');
    var cells = all(grid, ':scope > section.group');
    var result = { columns: columns.length, rows: 0, misaligned: [] };
    var rows = [columns];
    for (var i = 0; i < cells.length; i += columns.length) rows.push(cells.slice(i, i + columns.length));
    result.rows = rows.length - 1;
    rows.forEach(function (row, r) {
      var boxes = row.map(function (el) { return el.getBoundingClientRect(); });
      if (boxes.length !== columns.length) { result.misaligned.push('row ' + r + ' has ' + boxes.length + ' cells'); return; }
      boxes.forEach(function (b, c) {
        var what = (r === 0 ? 'heading' : 'row ' + r) + ' column ' + c;
        if (Math.abs(b.top - boxes[0].top) > 0.5) result.misaligned.push(what + ' starts at y ' + b.top.toFixed(1) + ', column 0 at ' + boxes[0].top.toFixed(1));
        if (c > 0 && b.left < boxes[c - 1].right - 0.5) result.misaligned.push(what + ' starts at x ' + b.left.toFixed(1) + ', left of the column before it');
        if (row[c].getAttribute('data-column') !== String(c)) result.misaligned.push(what + ' holds column ' + row[c].getAttribute('data-column'));
      });
    });
    return result;
  });
  if (document.documentElement.scrollWidth > window.innerWidth + 1) report.pageOverflow = document.documentElement.scrollWidth;
  var finding = document.querySelector('li.finding:not([data-nodes=""])');
  if (finding) {
    finding.click();
    report.highlight = { expected: new Set(finding.getAttribute('data-nodes').split(' ')).size,
                         found: document.querySelectorAll('g.node.hl').length };
    finding.click();
  }
  var pre = document.createElement('pre');
  pre.id = 'storyboard-check';
  pre.textContent = JSON.stringify(report);
  document.body.appendChild(pre);
  }
})();
