/**
 * The verification page paints from the server's HTML (decision 036); its scripts are fetched
 * after the paint, at low priority, so on a slow phone the entry runs a second or more later. In
 * that markup a control that works by script alone does nothing, and a file dropped on a drop zone
 * is opened by the browser in place of the page. This script, written by the server first thing in
 * the page's head (it listens before any of the markup is there) and allowed by its hash in the
 * page's CSP (decision 036), keeps what the visitor did in #root until the app takes over:
 * - a press on a control marked `data-early-click="name"` is listed in `window[EARLY_CLICKS]`,
 *   and the app's component is told once it mounted (`onEarlyClick`, web/lib/early-actions.ts);
 * - a file dropped on a drop zone (a label holding a file field) goes into that field as if chosen
 *   there, and is handed to the app's field with the files chosen early (`carryEarlyFiles`).
 *
 * Its listeners remove themselves at the first event after the take-over (when #root is no longer
 * marked `data-prerendered`). It is plain text, not built: it runs as written, before any of the
 * build's code has arrived, on the browsers the app supports.
 */
export const EARLY_CLICKS = '__inkproofEarlyClicks';

export const EARLY_ACTIONS_SCRIPT = `(function () {
  var clicked = (window.${EARLY_CLICKS} = []);
  function on(type, handle) {
    document.addEventListener(type, function listener(event) {
      var root = document.getElementById('root');
      if (root && !root.hasAttribute('data-prerendered')) return document.removeEventListener(type, listener, true);
      var target = event.target;
      if (root && target instanceof Element && root.contains(target)) handle(event, target);
    }, true);
  }
  function fileField(target) {
    var label = target.closest('label');
    return label && label.querySelector('input[type=file]:not(:disabled)');
  }
  on('click', function (event, target) {
    var control = target.closest('[data-early-click]');
    var name = control && control.getAttribute('data-early-click');
    if (name && clicked.indexOf(name) < 0) clicked.push(name);
  });
  on('dragover', function (event, target) {
    if (fileField(target)) event.preventDefault();
  });
  on('drop', function (event, target) {
    var field = fileField(target);
    var files = event.dataTransfer && event.dataTransfer.files;
    if (!field || !files || !files.length) return;
    event.preventDefault();
    field.files = files;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  });
})();`;
