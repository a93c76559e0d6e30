// Starts Swagger UI on /docs. Kept in a file of its own so the page has no inline script.
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  if (!root || typeof window.SwaggerUIBundle !== "function") {
    return;
  }
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-openapi-url") || "/openapi.json",
    dom_id: "#swagger-ui",
    validatorUrl: null,
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis, window.SwaggerUIBundle.SwaggerUIStandalonePreset || window.SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
})();
