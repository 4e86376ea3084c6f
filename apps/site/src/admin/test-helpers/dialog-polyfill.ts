/** jsdom has no showModal/close; enough of them for components that open native dialogs. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
}
