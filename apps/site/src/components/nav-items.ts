export interface NavItem {
  label: string;
  href: `#${string}`;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", href: "#home" },
  { label: "About Me", href: "#about" },
  { label: "Services", href: "#services" },
  { label: "Clients", href: "#clients" },
  { label: "Why Me", href: "#why" },
  { label: "Contact", href: "#contact" },
];
