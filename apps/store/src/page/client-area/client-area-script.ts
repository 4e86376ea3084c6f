/**
 * @module The client area's one script, served as a file (no inline code under the pages' CSP):
 * it writes the bookings' times in the browser's zone, and it sends the picked file's bytes as
 * the upload's raw body with the page's CSRF token, saying what went wrong in place, then
 * reloads the page, which lists the file under "Files you sent". Without it the form posts
 * the file itself (`/members/client-area/send`).
 */
export const CLIENT_AREA_JS = `// Bookings' times in the browser's own zone, the zone named.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const day = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
for (const time of document.querySelectorAll(".booking-time")) {
  const start = new Date(time.dataset.start);
  const end = new Date(time.dataset.end);
  time.textContent = day.format(start) + ", " + clock.format(start) + "–" + clock.format(end) + " (" + zone + ")";
}

const form = document.getElementById("send-file");

function say(text) {
  let alert = form.querySelector(".alert");
  if (!alert) {
    alert = document.createElement("p");
    alert.className = "alert";
    alert.setAttribute("role", "alert");
    form.querySelector("button[type=submit]").before(alert);
  }
  alert.textContent = text;
}

if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const file = form.elements.file.files[0];
    if (!file) return say("Choose a file to send.");
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    button.textContent = "Sending…";
    try {
      const response = await fetch("/members/client-area/files?name=" + encodeURIComponent(file.name), {
        method: "POST",
        headers: { "content-type": "application/octet-stream", "x-csrf": form.dataset.csrf },
        body: file,
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(data.message || "The file could not be sent.");
      window.location.assign("/members/client-area?sent=" + encodeURIComponent(data.file.id));
    } catch (error) {
      button.disabled = false;
      button.textContent = "Send";
      say(error.message);
    }
  });
}
`;
