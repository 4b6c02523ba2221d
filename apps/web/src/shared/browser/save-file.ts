/**
 * Saving text the page holds as a file the browser downloads (a Blob, an object URL and a link's
 * `download` attribute): the recovery codes, "Download my data", the operator console's CSV exports.
 */

/**
 * Starts the download of `text` as the file `fileName` of media type `type` (e.g. 'text/csv').
 * The object URL is released once the download has started.
 */
export function saveTextFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  window.document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
