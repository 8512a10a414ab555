/* Pricelens embedded widget (docs/product.md §2 "Embedded widgets", §7, §8).
 * Served as /api/widgets/<key>.js, which calls this function with its key. Put
 * <div data-pricelens-widget="<key>"></div> in a page and load the script: it
 * loads its stylesheet, asks GET /api/token (the page's Pricelens session), then
 * GET /api/v1/insights/pricing with the token. When the token cannot be had it
 * logs "No Token" and still loads, showing its layout without numbers. */
(function (key) {
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : '';
  if (!document.getElementById('pricelens-widgets-css')) {
    var link = document.createElement('link');
    link.id = 'pricelens-widgets-css';
    link.rel = 'stylesheet';
    link.href = base + '/api/widgets/widgets.css';
    document.head.appendChild(link);
  }
  var blocks = {
    insights_panel: [
      ['Latest updates & alerts', [
        ['changes_at_competitor_last_day', 'Changes at competitors last day'],
        ['changes_at_competitor_last_week', 'Changes at competitors last week'],
        ['alert_reports_to_review', 'Alert reports to review']]],
      ['Pricing opportunities', [
        ['num_products_for_price_up', 'Candidates for price raise'],
        ['num_products_for_price_down', 'Candidates for price reduction'],
        ['num_products_out_of_stock_at_comp', 'Products out of stock at competitors']]]
    ],
    pricing_summary: [
      ['Pricing summary', [
        ['num_products_for_price_up', 'Priced under the market'],
        ['num_products_for_price_down', 'Priced over the market'],
        ['changes_at_competitor_last_week', 'Competitor price changes this week']]]
    ]
  }[key];
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function render(mount, data) {
    mount.textContent = '';
    var root = el('div', 'plw plw-' + key);
    blocks.forEach(function (b) {
      var card = el('section', 'plw-block');
      card.setAttribute('aria-label', b[0]);
      card.appendChild(el('h3', 'plw-title', b[0]));
      var list = el('ul', 'plw-list');
      b[1].forEach(function (entry) {
        var li = el('li');
        li.appendChild(el('span', 'plw-label', entry[1]));
        if (data && typeof data[entry[0]] === 'number') {
          var a = el('a', 'plw-number', data[entry[0]].toLocaleString('en-US'));
          a.href = base + ((data.links && data.links[entry[0]]) || '/insights');
          a.target = '_top';
          li.appendChild(a);
        } else {
          li.appendChild(el('span', 'plw-number plw-none', '-'));
        }
        list.appendChild(li);
      });
      card.appendChild(list);
      root.appendChild(card);
    });
    if (!data) root.appendChild(el('div', 'plw-empty', 'No data to display'));
    mount.appendChild(root);
  }
  var mounts = document.querySelectorAll('[data-pricelens-widget="' + key + '"]');
  if (!mounts.length && script && script.parentNode) {
    var m = el('div');
    script.parentNode.insertBefore(m, script);
    mounts = [m];
  }
  fetch(base + '/api/token', { credentials: 'include' })
    .then(function (r) { return r.ok ? r.json() : Promise.reject(new Error('token ' + r.status)); })
    .then(function (t) { return t.token; })
    .catch(function () { console.log('No Token'); return ''; })
    .then(function (token) {
      if (!token) return null;
      return fetch(base + '/api/v1/insights/pricing', { headers: { Authorization: 'Bearer ' + token } })
        .then(function (r) { return r.ok ? r.json() : null; });
    })
    .catch(function () { return null; })
    .then(function (data) { Array.prototype.forEach.call(mounts, function (m) { render(m, data); }); });
})
