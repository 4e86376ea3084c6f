import { test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
test("probe catches", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => { const i = document.createElement("img"); i.src = "/favicon.ico"; document.querySelector("main")?.append(i); });
  console.log("A", JSON.stringify(await violations(page)));
  console.log("A2", JSON.stringify(await violations(page)));
});
