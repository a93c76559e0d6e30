/* termbase search as you type. No libraries, no external requests.
   On the server, suggestions come from the form's data-suggest-url (/api/suggest).
   In a static site, data-index-url names search-index.js, which defines
   window.TERMBASE_INDEX; it is loaded on first use and matched here (prefix, word
   prefix, acronym, small typos). */
(function () {
  "use strict";
  var form = document.getElementById("search-form");
  var input = document.getElementById("search");
  var list = document.getElementById("suggestions");
  if (!form || !input || !list) return;
  var suggestUrl = form.getAttribute("data-suggest-url") || "";
  var indexUrl = form.getAttribute("data-index-url") || "";
  var conceptBase = form.getAttribute("data-concept-base") || "c/";
  var conceptExt = form.getAttribute("data-concept-ext") || "";
  var active = -1, sequence = 0, timer = null, loading = null;

  function conceptUrl(id) { return conceptBase + encodeURIComponent(id) + conceptExt; }

  /* ---- static index ---- */
  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function key(text) { return fold(text).replace(/[^\p{L}\p{N}]+/gu, ""); }
  function words(text) { return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean); }
  /* Edit distance with adjacent transpositions counted as one edit ("cahce" -> "cache"),
     giving up (max + 1) as soon as every alignment costs more than max. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var before = null, prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          cur[j] = Math.min(cur[j], before[j - 2] + 1);
        }
        if (cur[j] < best) best = cur[j];
      }
      if (best > max) return max + 1;
      before = prev;
      prev = cur;
    }
    return prev[b.length];
  }
  var prepared = null;
  function prepare() {
    if (prepared) return prepared;
    prepared = (window.TERMBASE_INDEX.concepts || []).map(function (c) {
      var labels = c[2].map(function (label) {
        var ws = words(label);
        return { text: label, key: key(label), words: ws,
                 initials: ws.map(function (w) { return w[0]; }).join("") };
      });
      return { id: c[0], label: c[1], labels: labels, summary: c[3] || "" };
    });
    return prepared;
  }
  function localSearch(query, limit) {
    var q = key(query), qwords = words(query);
    if (!q) return [];
    var budget = q.length >= 9 ? 2 : q.length >= 5 ? 1 : 0;
    var hits = [];
    prepare().forEach(function (c) {
      var best = 0, via = c.label, how = "";
      c.labels.forEach(function (l) {
        var s = 0, h = "";
        if (l.key === q) { s = 1; h = "exact"; }
        else if (l.initials.length > 1 && l.initials === q) { s = 0.9; h = "acronym"; }
        else if (l.key.indexOf(q) === 0) { s = 0.85 - Math.min(0.1, (l.key.length - q.length) / 200); h = "prefix"; }
        else if (qwords.length && qwords.every(function (w) {
          return l.words.some(function (lw) { return lw.indexOf(w) === 0; }); })) { s = 0.75; h = "prefix"; }
        else if (budget) {
          var d = Math.min(distance(q, l.key, budget),
                           l.key.length > q.length ? distance(q, l.key.slice(0, q.length), budget) + 0.5 : 99);
          if (d <= budget) { s = 0.7 - d * 0.05; h = "typo"; }
        }
        if (s > best) { best = s; via = l.text; how = h; }
      });
      if (best > 0) hits.push({ id: c.id, label: c.label, matched_label: via, matched: how, score: best, summary: c.summary });
    });
    hits.sort(function (a, b) { return b.score - a.score || a.label.length - b.label.length || a.label.localeCompare(b.label); });
    return hits.slice(0, limit);
  }
  function withIndex(callback) {
    if (window.TERMBASE_INDEX) { callback(); return; }
    if (!indexUrl) return;
    if (!loading) {
      loading = [];
      var script = document.createElement("script");
      script.src = indexUrl;
      script.onload = function () { var waiting = loading; loading = null; waiting.forEach(function (f) { f(); }); };
      document.head.appendChild(script);
    }
    if (loading) loading.push(callback);
  }

  /* ---- suggestion list ---- */
  function close() {
    list.hidden = true; list.innerHTML = ""; active = -1;
    input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant");
  }
  function highlight(index) {
    var items = list.querySelectorAll("[role=option]");
    if (!items.length) return;
    if (index < -1) index = items.length - 1;
    if (index >= items.length) index = -1;
    active = index;
    items.forEach(function (option, i) { option.setAttribute("aria-selected", i === active ? "true" : "false"); });
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", items[active].id);
      items[active].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }
  /* text from a source, in <bdi>: a right-to-left override in it cannot reorder the page */
  function isolated(text) {
    var bdi = document.createElement("bdi"); bdi.textContent = text; return bdi;
  }
  function show(hits) {
    list.innerHTML = ""; active = -1;
    if (!hits.length) { close(); return; }
    hits.forEach(function (hit, i) {
      /* the link itself is the option (the list item only holds it): no control inside
         another, and a click or a middle click still opens the concept */
      var li = document.createElement("li");
      li.setAttribute("role", "none");
      var a = document.createElement("a");
      a.setAttribute("role", "option"); a.id = "suggestion-" + i;
      a.setAttribute("aria-selected", "false"); a.setAttribute("data-id", hit.id);
      a.href = conceptUrl(hit.id); a.tabIndex = -1;
      a.appendChild(isolated(hit.label));
      if (hit.matched_label && hit.matched_label !== hit.label) {
        var via = document.createElement("span");
        via.className = "via";
        via.appendChild(document.createTextNode(" (")); via.appendChild(isolated(hit.matched_label));
        via.appendChild(document.createTextNode(")"));
        a.appendChild(via);
      }
      li.appendChild(a); list.appendChild(li);
    });
    list.hidden = false; input.setAttribute("aria-expanded", "true");
  }
  function update() {
    var query = input.value.trim(), mine = ++sequence;
    if (query.length < 2) { close(); return; }
    if (suggestUrl) {
      fetch(suggestUrl + "?q=" + encodeURIComponent(query) + "&limit=8", { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : { hits: [] }; })
        .then(function (data) { if (mine === sequence) show(data.hits || []); })
        .catch(function () { if (mine === sequence) close(); });
    } else {
      withIndex(function () { if (mine === sequence) show(localSearch(query, 8)); });
    }
  }
  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(update, 60); });
  input.addEventListener("focus", function () { if (indexUrl) withIndex(function () {}); });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { event.preventDefault(); if (list.hidden) update(); else highlight(active + 1); }
    else if (event.key === "ArrowUp") { event.preventDefault(); highlight(active - 1); }
    else if (event.key === "Escape") { close(); }
    else if (event.key === "Enter" && active >= 0) {
      var link = list.querySelectorAll("[role=option]")[active];
      event.preventDefault(); window.location.href = link.href;
    }
  });
  document.addEventListener("click", function (event) {
    if (!form.contains(event.target)) close();
  });
  /* "/" anywhere on the page (but in a text field) goes to the search box */
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target, tag = target && target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });

  /* ---- static search page: results from the index ---- */
  var results = document.getElementById("search-results");
  if (results && indexUrl) {
    var query = new URLSearchParams(window.location.search).get("q") || "";
    input.value = query;
    var status = document.getElementById("search-status");
    if (query.trim()) {
      withIndex(function () {
        var hits = localSearch(query, 50);
        status.textContent = hits.length + " result" + (hits.length === 1 ? "" : "s") + " for \u201c" + query + "\u201d";
        hits.forEach(function (hit) {
          var li = document.createElement("li"), a = document.createElement("a");
          a.href = conceptUrl(hit.id); a.appendChild(isolated(hit.label)); li.appendChild(a);
          if (hit.summary) {
            var s = document.createElement("span"); s.className = "summary"; s.textContent = hit.summary;
            li.appendChild(document.createTextNode(" ")); li.appendChild(s);
          }
          results.appendChild(li);
        });
      });
    }
  }
})();
