/**
 * The JavaScript served as the reCAPTCHA stand-in's `GET /recaptcha/api.js` (DESIGN.md §1 reCAPTCHA),
 * loaded by the portal in place of `https://www.google.com/recaptcha/api.js` (through the `recaptcha-v3`
 * library's `customUrl`) to get the tokens of the spec §4 `login` and `register` actions.
 *
 * The script is one IIFE, uses no `eval`, draws nothing (no badge: the portal shows its own notice) and so
 * runs under the portal's strict CSP (`script-src 'self' <sandbox-origin>`). It defines
 * `window.grecaptcha`:
 * - `ready(callback)`: calls `callback` asynchronously (`setTimeout` 0);
 * - `render(container?, params)` / `render(params)`: remembers `params.sitekey` (or the container's
 *   `data-sitekey`) and returns a numeric widget id, 0 first; throws an Error without a site key;
 * - `execute(widgetIdOrSiteKey?, { action })`: a Promise of a token from
 *   `GET <origin of the script>/recaptcha/api/token?k=<site key>&action=<action>` (fetched with
 *   `credentials: 'include'` so the verdict cookie goes along); rejects with an Error when the answer is
 *   not 200, or the widget id or site key is unknown. A site key works when a widget was rendered with it
 *   or the script was loaded with `?render=<site key>`; no argument means widget 0 (or that key);
 * - `reset()` does nothing; `getResponse()` returns `''`.
 * `?onload=<function name>` calls `window[name]()` once ready.
 */

/** Source of `api.js` (plain ES2017 for every browser the portal supports). */
export const RECAPTCHA_SCRIPT = `/* Guildgate sandbox: stand-in for Google reCAPTCHA v3 api.js. Never used in production. */
(function () {
  'use strict';

  function findScriptSource() {
    var current = document.currentScript;
    if (current && current.src) return current.src;
    if (typeof document.querySelector === 'function') {
      var found = document.querySelector('script[src*="/recaptcha/api.js"]');
      if (found && found.src) return found.src;
    }
    return window.location.href;
  }

  var scriptUrl = new URL(findScriptSource(), window.location && window.location.href);
  var base = scriptUrl.origin;
  var renderParameter = scriptUrl.searchParams.get('render');
  var preloadedSiteKey =
    renderParameter && renderParameter !== 'explicit' && renderParameter !== 'onload' ? renderParameter : null;
  var onloadName = scriptUrl.searchParams.get('onload');
  var widgets = [];

  function isContainer(value) {
    return typeof value === 'string' || (value !== null && typeof value === 'object' && value.nodeType === 1);
  }

  function containerSiteKey(container) {
    var element = container;
    if (typeof container === 'string' && typeof document.getElementById === 'function') {
      element = document.getElementById(container);
    }
    if (element && typeof element.getAttribute === 'function') return element.getAttribute('data-sitekey');
    return null;
  }

  function ready(callback) {
    setTimeout(function () {
      callback();
    }, 0);
  }

  function render(containerOrParameters, parameters) {
    var container = null;
    var options = parameters;
    if (options === undefined && !isContainer(containerOrParameters)) {
      options = containerOrParameters;
    } else {
      container = containerOrParameters;
    }
    var siteKey = (options && options.sitekey) || (container !== null ? containerSiteKey(container) : null);
    if (typeof siteKey !== 'string' || siteKey === '') {
      throw new Error('Missing required parameters: sitekey');
    }
    widgets.push({ siteKey: siteKey });
    return widgets.length - 1;
  }

  function knownSiteKey(siteKey) {
    if (siteKey === preloadedSiteKey) return true;
    for (var i = 0; i < widgets.length; i += 1) if (widgets[i].siteKey === siteKey) return true;
    return false;
  }

  function resolveSiteKey(widgetIdOrSiteKey) {
    if (widgetIdOrSiteKey === undefined || widgetIdOrSiteKey === null) {
      if (widgets.length > 0) return widgets[0].siteKey;
      if (preloadedSiteKey) return preloadedSiteKey;
      throw new Error('No reCAPTCHA clients exist.');
    }
    if (typeof widgetIdOrSiteKey === 'number') {
      var widget = widgets[widgetIdOrSiteKey];
      if (!widget) throw new Error('Invalid reCAPTCHA client id: ' + widgetIdOrSiteKey);
      return widget.siteKey;
    }
    if (typeof widgetIdOrSiteKey === 'string' && knownSiteKey(widgetIdOrSiteKey)) return widgetIdOrSiteKey;
    throw new Error('Invalid site key or not loaded in api.js: ' + widgetIdOrSiteKey);
  }

  function execute(widgetIdOrSiteKey, options) {
    var siteKey;
    try {
      siteKey = resolveSiteKey(widgetIdOrSiteKey);
    } catch (error) {
      return Promise.reject(error);
    }
    var action = options && typeof options.action === 'string' ? options.action : '';
    var url =
      base + '/recaptcha/api/token?k=' + encodeURIComponent(siteKey) + '&action=' + encodeURIComponent(action);
    return fetch(url, { credentials: 'include' })
      .then(function (response) {
        if (response.status !== 200) {
          throw new Error('reCAPTCHA stand-in: token request failed with HTTP ' + response.status);
        }
        return response.json();
      })
      .then(function (body) {
        if (!body || typeof body.token !== 'string') {
          throw new Error('reCAPTCHA stand-in: token missing from the answer');
        }
        return body.token;
      });
  }

  window.grecaptcha = {
    ready: ready,
    render: render,
    execute: execute,
    reset: function () {},
    getResponse: function () {
      return '';
    },
  };

  if (onloadName) {
    ready(function () {
      var onload = window[onloadName];
      if (typeof onload === 'function') onload();
    });
  }
})();
`;
