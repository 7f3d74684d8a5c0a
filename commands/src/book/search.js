// The law book's search: runs in the page, from disk, with no server. It reads
// window.BRIDGELAW_SEARCH (search-index.js) and, on the index page, shows the
// clauses and cases that match the box or the page's ?q= parameter.
(function () {
  "use strict";
  var data = window.BRIDGELAW_SEARCH || { clauses: [], cases: [] };
  var MAX_CLAUSES = 40;
  var MAX_CASES = 20;
  var CASES_PER_CLAUSE = 8;

  function normalize(text) {
    return String(text || "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  // 0 for the exact id, 1 for an id that starts with the query, 2-4 when every
  // word is found in the id, the title or the summary; -1 for no match.
  function rankClause(entry, query, words) {
    var id = normalize(entry.id);
    var number = id.replace(/^[^0-9]*/, "");
    if (id === query || number === query) return 0;
    if (id.indexOf(query) === 0 || (number && number.indexOf(query) === 0)) return 1;
    var idAndTitle = id + " " + normalize(entry.title);
    var all = idAndTitle + " " + normalize(entry.summary) + " " + normalize(entry.edition);
    var has = function (text) { return function (w) { return text.indexOf(w) >= 0; }; };
    if (!words.every(has(all))) return -1;
    if (words.every(has(id))) return 2;
    if (words.every(has(idAndTitle))) return 3;
    return 4;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function link(href, text, className) {
    var a = element("a", className, text);
    a.setAttribute("href", href);
    return a;
  }

  function search(raw) {
    var query = normalize(raw);
    if (!query) return { clauses: [], cases: [] };
    var words = query.split(" ");
    var clauses = [];
    data.clauses.forEach(function (entry, order) {
      var rank = rankClause(entry, query, words);
      if (rank >= 0) clauses.push({ entry: entry, rank: rank, order: order });
    });
    clauses.sort(function (a, b) { return a.rank - b.rank || a.order - b.order; });
    var cases = data.cases.filter(function (entry) {
      var text = normalize(entry.name + " " + entry.scenario);
      return words.every(function (w) { return text.indexOf(w) >= 0; });
    });
    return { clauses: clauses.map(function (c) { return c.entry; }), cases: cases };
  }

  function render(container, raw) {
    container.textContent = "";
    var found = search(raw);
    if (!normalize(raw)) return;
    container.appendChild(element("p", "count",
      found.clauses.length + " clause(s) and " + found.cases.length + " case(s) match \u201c" + raw.trim() + "\u201d."));
    var list = element("ol", "hits");
    found.clauses.slice(0, MAX_CLAUSES).forEach(function (entry) {
      var item = element("li", "hit");
      item.appendChild(link(entry.href, entry.id + " \u2014 " + entry.title, "hit-clause"));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(element("span", "edition", entry.edition));
      item.appendChild(element("p", "hit-summary", entry.summary));
      if (entry.cases.length) {
        var cases = element("p", "hit-cases", "Cases: ");
        entry.cases.slice(0, CASES_PER_CLAUSE).forEach(function (index, n) {
          var c = data.cases[index];
          if (!c) return;
          if (n) cases.appendChild(document.createTextNode(", "));
          cases.appendChild(link(c.href, c.name, "hit-case"));
        });
        if (entry.cases.length > CASES_PER_CLAUSE) {
          cases.appendChild(document.createTextNode(" and "));
          cases.appendChild(link(entry.href, (entry.cases.length - CASES_PER_CLAUSE) + " more"));
        }
        item.appendChild(cases);
      }
      list.appendChild(item);
    });
    found.cases.slice(0, MAX_CASES).forEach(function (entry) {
      var item = element("li", "hit");
      item.appendChild(link(entry.href, "Case " + entry.name, "hit-case"));
      if (!entry.ruled) item.appendChild(element("span", "error", " not ruled"));
      item.appendChild(element("p", "hit-summary", entry.scenario));
      list.appendChild(item);
    });
    container.appendChild(list);
  }

  function start() {
    var input = document.getElementById("q");
    var form = document.getElementById("search");
    var results = document.getElementById("results");
    var query = new URLSearchParams(window.location.search).get("q") || "";
    if (input) input.value = query;
    if (!results || !input || !form) return;
    render(results, query);
    input.addEventListener("input", function () {
      render(results, input.value);
      try {
        window.history.replaceState(null, "", "?q=" + encodeURIComponent(input.value));
      } catch (e) {
        // Some browsers forbid this on file:// pages; the search works without it.
      }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      render(results, input.value);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
