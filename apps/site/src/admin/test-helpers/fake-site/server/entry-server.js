// A built-site stand-in for the editor's tests: the page is the content it is given, as JSON.
export function renderPage(template, content) {
  return template.replace("<!--app-html-->", JSON.stringify(content));
}
