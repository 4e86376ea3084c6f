/**
 * @module The page as a preview frame shows it: without its scripts and module preloads. The
 * frame is sandboxed without scripts, so each one left in would only log "Blocked script
 * execution" in the owner's console.
 */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi;

export function staticMarkup(html: string): string {
  return html.replace(SCRIPT, "").replace(MODULE_PRELOAD, "");
}
