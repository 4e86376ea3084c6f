/** The preview card shown where the page is shared (public/share-card.png), with its size. */
export const SHARE_CARD = { url: "/share-card.png", width: 1200, height: 630 } as const;
