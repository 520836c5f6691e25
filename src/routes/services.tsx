import { PageHero } from "../components/PageHero.tsx";
import { OtherServices } from "../components/services/OtherServices.tsx";
import { ServiceIndex } from "../components/services/ServiceIndex.tsx";
import { seo } from "../lib/seo.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/services";

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: `Services | Graphic Design, Branding & Web Design in Derby | ${site.name}`,
    description:
      "Graphic design, branding, photography, web design, packaging, UX, print, social media, image editing and ecommerce from one Derby studio.",
    keywords: [
      "graphic design Derby",
      "branding agency",
      "web design Derby",
      "packaging design",
      "UX design",
      "ecommerce websites",
    ],
  });
}

export default function Services() {
  return (
    <>
      <PageHero eyebrow="Services" title="Everything a brand needs, under one roof">
        <p>
          Ten disciplines, one team and one point of contact. Pick the one you need today; we'll make sure it still fits
          the ones you'll need tomorrow.
        </p>
      </PageHero>
      <ServiceIndex />
      <OtherServices />
    </>
  );
}
