/// The storyboard page's inline stylesheet and script. Fonts are named, never fetched: one stack,
/// `AlertMetrics.fontStack` (Arial or its metric twin Liberation Sans first), so the page draws
/// text at the widths the layout was decided on. No text is cut with a CSS ellipsis.
enum StoryboardStyle {
    static let css = #"""
        :root { --blue: #007aff; --red: #ff3b30; --green: #34c759; --amber: #ff9500; --ink: #1c1c1e; --grey: #8e8e93;
          --hair: rgba(60,60,67,0.29); --sheet: rgba(242,242,247,0.97); font-size: 14px; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 0 24px 32px; color: var(--ink); background: #f2f2f7;
          font-family: \#(AlertMetrics.fontStack); }
        .defs { position: absolute; }
        header.top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 20px; padding: 18px 0 10px; }
        header.top h1 { font-size: 22px; margin: 0; }
        header.top h1 small { font-size: 13px; font-weight: normal; color: var(--grey); }
        .summary, .note { margin: 0; flex-basis: 100%; color: #3a3a3c; }
        .note { color: var(--amber); }
        .locales { display: flex; gap: 6px; align-items: center; }
        .locales .label { color: var(--grey); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        .locales button { font: inherit; border: 1px solid var(--hair); background: white; border-radius: 14px; padding: 3px 12px; cursor: pointer; }
        .locales button[aria-pressed="true"] { background: var(--blue); color: white; border-color: var(--blue); }
        .overview { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; background: white; border-radius: 12px; padding: 14px; }
        .graphs { flex: 0 1 auto; min-width: 0; max-width: 100%; overflow-x: auto; }
        .graph { margin: 0 0 10px; }
        .graph figcaption { font-weight: 600; margin-bottom: 4px; }
        .graph svg { display: block; max-width: none; }
        .node rect { stroke: #636366; stroke-width: 1.2; }
        .node.covered rect { fill: #e3f6e8; stroke: #248a3d; }
        .node.uncovered rect { fill: #f2f2f7; stroke: #aeaeb2; stroke-dasharray: 4 3; }
        .node.trap rect { fill: #ffe1df; }
        .node.finding rect { stroke: var(--red); stroke-width: 2.5; stroke-dasharray: none; }
        .node.shape-outcome.covered rect { fill: #d1ecff; stroke: #0a84ff; }
        .node.shape-start rect { fill: #1c1c1e; stroke: #1c1c1e; }
        .node.shape-start text { fill: white; }
        .node text { font-size: 12px; text-anchor: middle; fill: var(--ink); }
        .node text.what { fill: #636366; font-size: 11px; }
        .edge { fill: none; stroke-width: 1.3; stroke-linejoin: round; marker-end: url(#arrow); }
        .edge.covered { stroke: #48484a; }
        .edge.uncovered { stroke: #c7c7cc; stroke-dasharray: 4 3; }
        .arrowhead { fill: #8e8e93; }
        .arrowhead-hl { fill: var(--blue); }
        .elabel { font-size: 10.5px; fill: #3a3a3c; text-anchor: middle; }
        .elabel-bg { fill: white; fill-opacity: .92; }
        body.highlighting .node:not(.hl) { opacity: .35; }
        body.highlighting .edge:not(.hl), body.highlighting .elabel:not(.hl), body.highlighting .elabel-bg:not(.hl) { opacity: .2; }
        .node.hl rect { stroke: var(--blue); stroke-width: 3; }
        .edge.hl { stroke: var(--blue); stroke-width: 2.6; stroke-dasharray: none; marker-end: url(#arrow-hl); }
        .legend { font-size: 12px; color: #3a3a3c; }
        .legend .key { display: inline-block; width: 14px; height: 10px; border-radius: 3px; margin: 0 4px 0 10px; vertical-align: -1px; border: 1px solid; }
        .key.covered { background: #e3f6e8; border-color: #248a3d; } .key.uncovered { background: #f2f2f7; border-color: #aeaeb2; border-style: dashed; }
        .key.finding { border: 2px solid var(--red); } .key.trap { background: #ffe1df; border-color: #636366; }
        .findings { flex: 1 1 320px; min-width: 260px; }
        .findings h2 { font-size: 15px; margin: 0 0 4px; }
        .findings .hint, .findings .none { color: var(--grey); font-size: 12px; margin: 0 0 8px; }
        .findings ul { list-style: none; margin: 0; padding: 0; }
        li.finding { padding: 7px 9px; border-radius: 8px; margin-bottom: 6px; cursor: pointer; background: #f2f2f7; border-left: 4px solid var(--grey);
          overflow-wrap: anywhere; }
        li.finding.sev-error { border-left-color: var(--red); } li.finding.sev-warning { border-left-color: var(--amber); }
        li.finding.selected { background: #dcecff; }
        li.finding .loc { display: block; color: var(--grey); font-size: 11.5px; }
        main { margin-top: 18px; }
        .variants { overflow-x: auto; padding-bottom: 6px; }
        .variant-grid { display: grid; grid-template-columns: repeat(var(--columns), minmax(350px, 1fr)); gap: 0 18px; align-items: start; }
        .variant-head { margin: 0 0 4px; padding: 9px 12px; border-radius: 10px; background: var(--ink); color: white; font-size: 15px;
          display: flex; flex-wrap: wrap; gap: 4px 14px; }
        .variant-head .v-exp { font-weight: normal; opacity: .7; } .variant-head .v-weight { font-weight: normal; opacity: .85; }
        .variant-grid > .group { min-width: 0; }
        .group.empty .none { color: var(--grey); margin: 0 0 14px; }
        .group > h2 { font-size: 17px; margin: 22px 0 8px; }
        .group.error > h2 { color: var(--red); } .group.cycle > h2 { color: var(--amber); }
        .group .count { color: var(--grey); font-weight: normal; }
        .path { background: white; border-radius: 12px; margin-bottom: 14px; padding: 10px 12px 12px; }
        .path.selected { outline: 2px solid var(--blue); }
        .path-head { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; cursor: pointer; }
        .path-head .num { font-weight: 700; color: white; background: var(--ink); border-radius: 10px; padding: 0 8px; }
        .path-head .states { font-weight: 600; overflow-wrap: anywhere; }
        .path-head .merged { color: var(--grey); font-size: 12px; }
        .chips { display: flex; flex-wrap: wrap; gap: 4px; flex-basis: 100%; }
        .chip { font-size: 11.5px; border-radius: 6px; padding: 1px 6px; background: #f2f2f7; overflow-wrap: anywhere; }
        .chip.user { background: #e5f1ff; }
        .strip { list-style: none; display: flex; flex-wrap: wrap; align-items: flex-start; gap: 14px 10px; margin: 10px 0 0; padding: 0; }
        .item { flex: 0 0 auto; }
        .screen { width: 300px; }
        .phone { position: relative; width: 300px; min-height: 300px; border-radius: 26px; padding: 34px 15px; display: flex; align-items: center;
          justify-content: center; background: linear-gradient(160deg, #3a4a5c, #1c2733); overflow: hidden; }
        .alert { width: 270px; border-radius: 14px; background: var(--sheet); overflow: hidden; text-align: center; }
        .a-text { padding: 19px 16px 20px; }
        .a-title { margin: 0; font-size: 17px; font-weight: 600; line-height: 22px; overflow-wrap: anywhere; }
        .a-msg { margin: 4px 0 0; font-size: 13px; line-height: 17px; overflow-wrap: anywhere; }
        .a-buttons { display: flex; border-top: .5px solid var(--hair); }
        .alert.side .a-buttons { flex-direction: row; }
        .alert.stacked .a-buttons { flex-direction: column; }
        .alert.stacked .a-btn { flex: 0 0 auto; }
        .a-btn { flex: 1 1 0; min-width: 0; height: 44px; line-height: 44px; font-size: 17px; color: var(--blue); padding: 0 8px;
          white-space: nowrap; position: relative; }
        .a-btn.wraps { height: auto; line-height: 22px; padding: 11px 8px; white-space: normal; overflow-wrap: anywhere; }
        .alert.side .a-btn + .a-btn { border-left: .5px solid var(--hair); }
        .alert.stacked .a-btn + .a-btn { border-top: .5px solid var(--hair); }
        .a-btn.role-cancel { font-weight: 600; }
        .a-btn.role-destructive { color: var(--red); }
        .a-btn.tapped { background: rgba(0,0,0,.11); }
        .a-btn.tapped::after { content: ""; position: absolute; left: 25%; right: 25%; bottom: 4px; height: 3px; border-radius: 2px;
          background: var(--blue); }
        .alert.system .a-title { font-weight: 600; }
        .phone.priming { align-items: stretch; padding: 0; background: #1c2733; }
        .phone.priming.sheet { padding-top: 44px; }
        .p-card { flex: 1; display: flex; flex-direction: column; align-items: center; background: var(--sheet);
          padding: 28px 20px 20px; text-align: center; position: relative; }
        .phone.priming.sheet .p-card { border-radius: 12px 12px 0 0; }
        .p-grabber { position: absolute; top: 6px; width: 36px; height: 5px; border-radius: 3px; background: #c7c7cc; }
        .p-image { margin: 0 0 12px; min-width: 56px; padding: 16px 8px; border-radius: 14px; background: #e5f1ff;
          color: var(--blue); font-size: 11px; overflow-wrap: anywhere; }
        .p-title { margin: 0; font-size: 24px; font-weight: 700; line-height: 29px; overflow-wrap: anywhere; }
        .p-msg { margin: 8px 0 0; font-size: 15px; line-height: 20px; color: #3a3a3c; overflow-wrap: anywhere; }
        .p-bullets { margin: 12px 0 0; padding: 0 0 0 18px; text-align: left; font-size: 15px; line-height: 20px; align-self: stretch; }
        .p-bullet { overflow-wrap: anywhere; }
        .p-buttons { margin-top: auto; padding-top: 18px; display: flex; flex-direction: column; gap: 6px; align-self: stretch; }
        .p-btn { min-height: 50px; box-sizing: border-box; padding: 14px 12px; line-height: 22px; font-size: 17px;
          color: var(--blue); border-radius: 12px; overflow-wrap: anywhere; position: relative; }
        .p-btn.primary { background: var(--blue); color: #fff; font-weight: 600; }
        .p-btn.role-destructive { color: var(--red); }
        .p-btn.tapped { box-shadow: 0 0 0 3px rgba(0,122,255,.35); }
        .usage-missing { color: var(--grey); font-style: italic; }
        .fallback { text-decoration: underline dashed var(--amber); text-underline-offset: 3px; }
        .flag-steering, .flag-finding { box-shadow: inset 0 0 0 2px var(--red); border-radius: 4px; }
        .flag-placeholder, .flag-missing-translation, .flag-warning { box-shadow: inset 0 0 0 2px var(--amber); border-radius: 4px; }
        .flag-long { box-shadow: inset 0 0 0 2px #af52de; border-radius: 4px; }
        .caption { margin: 6px 2px 0; font-size: 12px; color: #3a3a3c; overflow-wrap: anywhere; }
        .flags { list-style: none; margin: 6px 0 0; padding: 0; width: 300px; }
        .flag { font-size: 12px; padding: 4px 8px; border-radius: 6px; margin-bottom: 4px; background: #fff4e5; border-left: 3px solid var(--amber);
          overflow-wrap: anywhere; }
        .flag.flag-steering, .flag.flag-finding { background: #ffecea; border-left-color: var(--red); box-shadow: none; }
        .flag.flag-long { background: #f6ecfb; border-left-color: #af52de; box-shadow: none; }
        .flag.flag-placeholder, .flag.flag-missing-translation, .flag.flag-warning { box-shadow: none; }
        .phone.settings { display: block; background: #f2f2f7; border: 1px solid #d1d1d6; padding: 20px 0 16px; }
        .s-nav { margin: 0 14px; color: var(--blue); font-size: 15px; }
        .s-app { margin: 6px 14px 12px; font-size: 22px; font-weight: 700; overflow-wrap: anywhere; }
        .s-group { margin: 0 28px 4px; font-size: 12px; color: #6d6d72; text-transform: uppercase; overflow-wrap: anywhere; }
        .s-rows { list-style: none; margin: 0 14px; padding: 0; background: white; border-radius: 10px; overflow: hidden; }
        .s-row { display: flex; align-items: center; justify-content: space-between; gap: 8px; min-height: 44px; padding: 6px 14px;
          font-size: 15px; border-top: .5px solid var(--hair); }
        .s-rows > .s-row:first-child { border-top: none; }
        .s-row.changed { background: #e5f1ff; }
        .s-name, .s-value { min-width: 0; overflow-wrap: anywhere; }
        .s-value { color: var(--grey); text-align: right; }
        .switch { flex: 0 0 auto; width: 46px; height: 28px; border-radius: 14px; background: #e9e9eb; position: relative; }
        .switch::after { content: ""; position: absolute; top: 2px; left: 2px; width: 24px; height: 24px; border-radius: 12px; background: white;
          box-shadow: 0 1px 3px rgba(0,0,0,.3); }
        .switch.on { background: var(--green); } .switch.on::after { left: 20px; }
        .s-note { margin: 10px 28px 0; font-size: 12px; color: var(--red); overflow-wrap: anywhere; }
        .events, .note { align-self: center; max-width: 190px; font-size: 12px; }
        .events ul { list-style: none; margin: 0; padding: 0; }
        .events li { background: #fff8e1; border: 1px solid #f5d77a; border-radius: 6px; padding: 3px 6px; margin: 3px 0; overflow-wrap: anywhere; }
        .events code { font-weight: 600; }
        .events .props { color: #6d6d72; }
        .item .arrow { display: block; color: var(--grey); text-align: center; }
        .item.note p { margin: 0; color: #6d6d72; font-style: italic; overflow-wrap: anywhere; }
        .end { align-self: center; width: 150px; padding: 14px 10px; border-radius: 12px; text-align: center; background: #e3f6e8; }
        .end .what { display: block; font-size: 12px; color: #3a3a3c; }
        .end b { font-size: 17px; overflow-wrap: anywhere; }
        .end.error { background: #ffe1df; width: 220px; } .end.cycle { background: #fff1d6; width: 200px; }
        .end p { margin: 4px 0 0; font-size: 12px; overflow-wrap: anywhere; }
        .bare-paths { display: flex; flex-wrap: wrap; gap: 8px 10px; align-items: stretch; margin-bottom: 14px; }
        .bare-title { flex-basis: 100%; margin: 0; color: var(--grey); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        .path.bare { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; max-width: 560px; margin: 0; padding: 8px 10px; }
        .path.bare .path-head { flex: 1 1 260px; }
        .path.bare .strip { margin: 0; flex: 0 0 auto; gap: 6px; }
        .path.bare .end { width: auto; min-width: 110px; padding: 6px 10px; }
        .path.bare .end.error, .path.bare .end.cycle { width: 200px; }
        footer { margin-top: 24px; color: var(--grey); font-size: 12px; max-width: 900px; }

        """#

    static let script = #"""
        (function () {
          var body = document.body;
          function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }
          function setLocale(i) {
            body.setAttribute('data-locale', i);
            all('.locales button').forEach(function (b) { b.setAttribute('aria-pressed', String(b.getAttribute('data-locale-index') === String(i))); });
          }
          all('.locales button').forEach(function (b) {
            b.addEventListener('click', function () { setLocale(b.getAttribute('data-locale-index')); });
          });
          function clear() {
            all('.hl').forEach(function (e) { e.classList.remove('hl'); });
            all('.selected').forEach(function (e) { e.classList.remove('selected'); });
            body.classList.remove('highlighting');
          }
          function highlight(source) {
            var again = source.classList.contains('selected');
            clear();
            if (again) return;
            source.classList.add('selected');
            body.classList.add('highlighting');
            (source.getAttribute('data-nodes') || '').split(' ').forEach(function (id) {
              all('[data-node="' + id + '"]').forEach(function (e) { e.classList.add('hl'); });
            });
            (source.getAttribute('data-links') || '').split(' ').forEach(function (id) {
              if (id) all('[data-link="' + id + '"]').forEach(function (e) { e.classList.add('hl'); });
            });
          }
          all('li.finding').forEach(function (f) {
            f.addEventListener('click', function () { highlight(f); });
            f.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); highlight(f); } });
          });
          all('.path-head').forEach(function (h) {
            function show() { highlight(h.parentNode); document.querySelector('.overview').scrollIntoView(); }
            h.addEventListener('click', show);
            h.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); show(); } });
          });
          window.storyboard = { setLocale: setLocale, highlight: highlight, clear: clear };
        })();

        """#
}
