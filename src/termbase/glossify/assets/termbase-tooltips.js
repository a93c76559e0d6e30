/* termbase tooltips: a term link's definition (its title, or for a link marked
   data-termbase="<id>" the entry of window.termbaseDefinitions, loaded from one script for
   the whole site) becomes a tooltip shown on hover, on keyboard focus and on a first tap
   (a second tap follows the link); Escape dismisses it. The tooltip is announced through
   aria-describedby. No dependencies, no network. */
(function () {
  "use strict";
  var shown = null;
  var hideTimer = 0;
  var lastPointer = "mouse";
  var wasOpen = false; // was the tooltip of the link being tapped already open?
  var count = 0;

  function place(link, tip) {
    var box = link.getBoundingClientRect();
    var width = document.documentElement.clientWidth;
    tip.style.left = "0px";
    tip.style.top = "0px";
    var tipBox = tip.getBoundingClientRect();
    var left = Math.max(8, Math.min(box.left, width - tipBox.width - 8));
    var top = box.bottom + 6;
    if (top + tipBox.height > window.innerHeight && box.top - tipBox.height - 6 > 0) {
      top = box.top - tipBox.height - 6;
    }
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    clearTimeout(hideTimer);
    if (shown && shown !== link) hide();
    var tip = document.getElementById(link.getAttribute("aria-describedby"));
    if (!tip) return;
    tip.hidden = false;
    place(link, tip);
    shown = link;
  }

  function hide() {
    clearTimeout(hideTimer);
    if (!shown) return;
    var tip = document.getElementById(shown.getAttribute("aria-describedby"));
    if (tip) tip.hidden = true;
    shown = null;
  }

  function hideSoon() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 300);
  }

  function setUp(link) {
    var shared = window.termbaseDefinitions || {};
    var text = link.getAttribute("title") || shared[link.getAttribute("data-termbase")];
    if (!text || link.hasAttribute("aria-describedby")) return;
    link.removeAttribute("title");
    var tip = document.createElement("span");
    count += 1;
    tip.id = "termbase-tip-" + count;
    tip.className = "termbase-tip";
    tip.setAttribute("role", "tooltip");
    tip.textContent = text;
    tip.hidden = true;
    document.body.appendChild(tip);
    link.setAttribute("aria-describedby", tip.id);
    link.addEventListener("mouseenter", function () { show(link); });
    link.addEventListener("mouseleave", hideSoon);
    link.addEventListener("focus", function () { show(link); });
    link.addEventListener("blur", hide);
    tip.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
    tip.addEventListener("mouseleave", hideSoon);
  }

  function start() {
    var links = document.querySelectorAll("a.termbase-term");
    for (var i = 0; i < links.length; i += 1) setUp(links[i]);
  }

  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
    var target = event.target.closest ? event.target.closest("a.termbase-term") : null;
    wasOpen = Boolean(target) && shown === target;
    if (shown && !shown.contains(event.target) && !(event.target.closest && event.target.closest(".termbase-tip"))) {
      hide();
    }
  }, true);
  // A first tap shows the definition instead of following the link. Listened for on the
  // window while capturing, so it comes before any site script that takes links over
  // (MkDocs Material's instant navigation, for one).
  window.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.termbase-term") : null;
    if (!link || !link.hasAttribute("aria-describedby")) return;
    if (lastPointer === "touch" && !wasOpen) {
      event.preventDefault();
      event.stopPropagation();
      show(link);
    }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" || event.key === "Esc") hide();
  });
  window.addEventListener("resize", hide);
  if (window.document$ && typeof window.document$.subscribe === "function") {
    // MkDocs Material: runs on the first page and after each instant-navigation page load.
    window.document$.subscribe(function () {
      if (shown && !document.body.contains(shown)) hide();
      start();
    });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
