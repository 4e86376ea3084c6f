import {
  type PageContent,
  pageText,
  selectClientLines,
  selectPictures,
  selectServices,
  selectSettings,
} from "@consultant/site-content";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import type { CollectionLoader } from "./content/load-collection.ts";
import { usePageContent } from "./content/use-page-content.ts";
import { AboutSection } from "./sections/about-section.tsx";
import { ContactSection } from "./sections/contact-section.tsx";
import { HomeSection } from "./sections/home-section.tsx";
import { IdealClientsSection } from "./sections/ideal-clients-section.tsx";
import { PreviousClientsSection } from "./sections/previous-clients-section.tsx";
import { ServicesSection } from "./sections/services-section.tsx";
import { WhySection } from "./sections/why-section.tsx";
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

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-accent px-5 py-3 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader settings={settings} logo={pictures.logo} />
      <main id="main" tabIndex={-1} className="overflow-x-clip outline-none">
        <HomeSection
          mainTitle={pageText(page, "HomePage", "MainTitle")}
          subTitle={pageText(page, "HomePage", "SubTitle")}
          settings={settings}
          pictures={pictures}
        />
        <AboutSection text={pageText(page, "About", "About")} name={settings.name} />
        <ServicesSection services={selectServices(page.Services)} />
        {page.Pictures === undefined || pictures.clientLogos.length > 0 ? (
          <PreviousClientsSection logos={pictures.clientLogos} />
        ) : null}
        <IdealClientsSection lines={selectClientLines(page.Clients)} />
        <WhySection text={pageText(page, "WhyWorkWithMe", "WhyWorkWithMeText")} />
        <ContactSection settings={settings} />
      </main>
      <SiteFooter settings={settings} logo={pictures.logo} />
    </>
  );
}
