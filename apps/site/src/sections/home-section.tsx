import { bookingHref, type PagePictures, type PageSettings } from "@consultant/site-content";
import { BOOKING_REDIRECT, BookingLink } from "../components/booking-link.tsx";
import { ArrowRightIcon } from "../components/icons.tsx";
import { Reveal } from "../components/reveal.tsx";
import { SitePicture } from "../components/site-picture.tsx";
import { buttonVariants } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { textOf } from "../content/text-marker.ts";

export const LOADING_TEXT = "Loading...";

export interface HomeSectionProps {
  /** The line above the headline. */
  label: string | undefined;
  mainTitle: string | undefined;
  subTitle: string | undefined;
  /** The button to the contact section. */
  chatButton: string | undefined;
  bookingButton: string;
  settings: PageSettings;
  pictures: PagePictures;
}

export function HomeSection({
  label,
  mainTitle,
  subTitle,
  chatButton,
  bookingButton,
  settings,
  pictures,
}: HomeSectionProps) {
  const { logo, portrait } = pictures;
  const booking = bookingHref(settings);
  return (
    <Reveal direction="left" onFirstPaint>
      <section
        id="home"
        aria-labelledby="home-heading"
        className="relative isolate overflow-hidden pt-28 pb-20 md:pt-36 md:pb-28"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(60%_60%_at_80%_20%,rgb(15_95_92/0.10),transparent_70%),radial-gradient(40%_50%_at_0%_0%,rgb(196_164_110/0.14),transparent_70%)]"
        />
        <Container className="grid items-center gap-14 md:grid-cols-[1.15fr_0.85fr] md:gap-16">
          <div>
            <p className="flex items-center gap-3 text-sm font-semibold tracking-[0.16em] text-accent uppercase">
              {logo ? (
                <SitePicture picture={logo} sizes="28px" height={28} className="h-7 w-auto" />
              ) : null}
              <span {...textOf("HomeLabel")}>{label}</span>
            </p>
            <h1
              id="home-heading"
              {...textOf("MainTitle")}
              aria-busy={mainTitle === undefined}
              className="mt-6 font-serif text-4xl leading-[1.08] font-semibold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
            >
              {mainTitle ?? LOADING_TEXT}
            </h1>
            <p
              {...textOf("SubTitle")}
              className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted sm:text-xl"
            >
              {subTitle ?? LOADING_TEXT}
            </p>
            <div className="mt-10 flex flex-wrap items-center gap-3">
              {chatButton ? (
                <a
                  href="#contact"
                  {...textOf("ChatButton")}
                  className={buttonVariants({ size: "lg" })}
                >
                  {chatButton}
                  <ArrowRightIcon />
                </a>
              ) : null}
              {booking === null ? null : (
                <BookingLink
                  href={booking.external ? BOOKING_REDIRECT : booking.href}
                  external={booking.external}
                  label={bookingButton}
                  variant="outline"
                  size="lg"
                />
              )}
            </div>
          </div>
          <figure className="relative mx-auto w-full max-w-sm md:max-w-none">
            <div
              aria-hidden="true"
              className="absolute -inset-3 -z-10 rotate-3 rounded-[2rem] bg-accent/10"
            />
            {portrait ? (
              <SitePicture
                picture={portrait}
                sizes="(min-width: 768px) 480px, 90vw"
                fetchPriority="high"
                className="h-auto w-full rounded-[1.75rem] border border-line bg-surface shadow-xl shadow-ink/10"
              />
            ) : null}
            <figcaption className="absolute -bottom-5 left-5 rounded-2xl border border-line bg-surface px-4 py-3 shadow-lg shadow-ink/10 sm:left-6">
              <span className="block text-sm font-semibold text-ink">{settings.name}</span>
              <span className="block text-xs text-muted">{settings.company}</span>
            </figcaption>
          </figure>
        </Container>
      </section>
    </Reveal>
  );
}
