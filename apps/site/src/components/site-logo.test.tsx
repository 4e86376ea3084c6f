import { type Picture, selectPictures } from "@consultant/site-content";
import { render } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { SiteHeader } from "./site-header.tsx";

const pictures = selectPictures([
  { _id: "logo", slot: "logo", alt: "Logo", src: "/media/light.svg", width: 64, height: 64 },
  {
    _id: "logo-dark",
    slot: "logo-dark",
    alt: "Logo",
    src: "/media/dark.svg",
    width: 64,
    height: 64,
  },
]);
const settings = {
  name: "Ana Smith",
  company: "Smith Consulting",
  email: "",
  phone: "",
  profileUrl: "",
  profileLabel: "",
  bookingUrl: "",
  bookingPage: "",
  showClientSignIn: false,
};

function sources(container: HTMLElement, selector: string): string[] {
  return [...container.querySelectorAll(`${selector} img`)].map(
    (img) => img.getAttribute("src") ?? "",
  );
}

describe("the site's header logo", () => {
  test("has the owner's dark-scheme variant for the dark scheme, beside the logo for the light", () => {
    const { container } = render(
      <SiteHeader settings={settings} logo={pictures.logo} logoDark={pictures.logoDark} nav={[]} />,
    );
    expect(sources(container, ".logo-for-light")).toEqual(["/media/light.svg"]);
    expect(sources(container, ".logo-for-dark")).toEqual(["/media/dark.svg"]);
  });

  test("shows the one logo in both schemes when there is no variant", () => {
    const { container } = render(
      <SiteHeader settings={settings} logo={pictures.logo as Picture} nav={[]} />,
    );
    expect(sources(container, "header")).toEqual(["/media/light.svg"]);
    expect(container.querySelector(".logo-for-dark")).toBeNull();
  });
});
