import { type RefObject, useCallback, useRef } from "react";
import { useDismiss } from "../hooks/use-dismiss.ts";
import { CloseIcon, MenuIcon } from "./icons.tsx";
import type { NavItem } from "./nav-items.ts";
import { Button } from "./ui/button.tsx";

const MENU_ID = "mobile-menu";

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClose: () => void;
  containerRef: RefObject<HTMLElement | null>;
  items: readonly NavItem[];
}

export function MobileMenu({ open, onOpenChange, onClose, containerRef, items }: MobileMenuProps) {
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeAndFocusToggle = useCallback(() => {
    onClose();
    toggleRef.current?.focus();
  }, [onClose]);

  useDismiss(open, containerRef, { onEscape: closeAndFocusToggle, onOutside: onClose });

  return (
    <>
      <Button
        ref={toggleRef}
        variant="ghost"
        size="sm"
        className="size-10 px-0 md:hidden [&_svg]:size-5"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => onOpenChange(!open)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
        <span className="sr-only">Menu</span>
      </Button>
      <nav
        id={MENU_ID}
        aria-label="Main"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-line bg-paper shadow-lg md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col px-3 py-3 sm:px-6">
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                onClick={onClose}
                className="block rounded-xl px-4 py-3 text-base font-medium text-ink transition-colors hover:bg-accent-soft hover:text-accent-strong"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
