/**
 * The seven client testimonials (spec §3: fixed in the page; logo, quote, optional person or role, company).
 * People appear by role, never by an invented name; each logo is the client's own from the logo strip.
 */
export interface Testimonial {
  company: string;
  logo: { src: string; width: number; height: number };
  quote: string;
  role?: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    company: "Placeholder",
    logo: { src: "/favicon.svg", width: 160, height: 48 },
    quote: "Placeholder quote until the client list lands.",
    role: "Managing Director",
  },
];
