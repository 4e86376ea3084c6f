import {
  type PageContent,
  pageText,
  selectClientLines,
  selectPictures,
  selectServices,
  selectSettings,
} from "@consultant/site-content";
import { navItems } from "./components/nav-items.ts";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import type { CollectionLoader } from "./content/load-collection.ts";
import { wordsOf } from "./content/page-words.ts";
import { usePageContent } from "./content/use-page-content.ts";
import { AboutSection } from "./sections/about-section.tsx";
import { ContactSection } from "./sections/contact-section.tsx";
import { HomeSection } from "./sections/home-section.tsx";
import { IdealClientsSection } from "./sections/ideal-clients-section.tsx";
import { PreviousClientsSection } from "./sections/previous-clients-section.tsx";
import { ServicesSection } from "./sections/services-section.tsx";
import { selectReasons, WhySection } from "./sections/why-section.tsx";
import { pageDefaults } from "./site.config.ts";

export interface AppProps {
  /** Content embedded by the server; when present nothing is fetched. */
  content?: PageContent;
  /** Loads a collection when there is no embedded content. */
  loadCollection?: CollectionLoader;
}

export function App({ content, loadCollection }: AppProps) {
  const page = usePageContent(content, loadCollection);
  const settings = selectSettings(page.SiteSettings, pageDefaults);
  const pictures = selectPictures(page.Pictures);
  const words = wordsOf(page);
  const aboutText = pageText(page, "About", "About");
  const services = selectServices(page.Services);
  const lines = selectClientLines(page.Clients);
  const whyText = pageText(page, "WhyWorkWithMe", "WhyWorkWithMeText");
  const reasons = selectReasons(page);
  // A section whose content is empty is left out (and out of the menu); one still loading stays.
  const shown = {
    about: page.About === undefined || aboutText !== undefined,
    services: page.Services === undefined || services.length > 0,
    "previous-clients": page.Pictures === undefined || pictures.clientLogos.length > 0,
    clients: page.Clients === undefined || lines.length > 0,
    why: page.WhyWorkWithMe === undefined || whyText !== undefined || reasons.length > 0,
  };
  const shownIds = new Set([
    "home",
    "contact",
    ...Object.keys(shown).filter((id) => shown[id as keyof typeof shown]),
  ]);
  const nav = navItems(words, shownIds);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-accent px-5 py-3 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader settings={settings} logo={pictures.logo} logoDark={pictures.logoDark} nav={nav} />
      <main id="main" tabIndex={-1} className="overflow-x-clip outline-none">
        <HomeSection
          label={pageText(page, "HomePage", "HomeLabel")}
          mainTitle={pageText(page, "HomePage", "MainTitle")}
          subTitle={pageText(page, "HomePage", "SubTitle")}
          chatButton={pageText(page, "HomePage", "ChatButton")}
          bookingButton={words("BookingButton")}
          settings={settings}
          pictures={pictures}
        />
        {shown.about ? (
          <AboutSection
            heading={pageText(page, "About", "AboutHeading") ?? ""}
            text={aboutText}
            name={settings.name}
          />
        ) : null}
        {shown.services ? <ServicesSection services={services} words={words} /> : null}
        {shown["previous-clients"] ? (
          <PreviousClientsSection logos={pictures.clientLogos} words={words} />
        ) : null}
        {shown.clients ? <IdealClientsSection lines={lines} words={words} /> : null}
        {shown.why ? (
          <WhySection
            heading={pageText(page, "WhyWorkWithMe", "WhyHeading") ?? ""}
            text={whyText}
            reasons={reasons}
          />
        ) : null}
        <ContactSection settings={settings} words={words} />
      </main>
      <SiteFooter
        settings={settings}
        logo={pictures.logo}
        logoDark={pictures.logoDark}
        text={words("Footer")}
      />
    </>
  );
}
