import {
  type PageContent,
  pageText,
  selectClientLines,
  selectServices,
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

export interface AppProps {
  /** Content embedded by the server; when present nothing is fetched. */
  content?: PageContent;
  /** Loads a collection when there is no embedded content. */
  loadCollection?: CollectionLoader;
}

export function App({ content, loadCollection }: AppProps) {
  const page = usePageContent(content, loadCollection);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-accent px-5 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="overflow-x-clip outline-none">
        <HomeSection
          mainTitle={pageText(page, "HomePage", "MainTitle")}
          subTitle={pageText(page, "HomePage", "SubTitle")}
        />
        <AboutSection text={pageText(page, "About", "About")} />
        <ServicesSection services={selectServices(page.Services)} />
        <PreviousClientsSection />
        <IdealClientsSection lines={selectClientLines(page.Clients)} />
        <WhySection text={pageText(page, "WhyWorkWithMe", "WhyWorkWithMeText")} />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
