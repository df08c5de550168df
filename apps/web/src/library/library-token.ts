import { libraryApi } from '@roundkeeper/client';

// The console's library token: like the GM tokens of its encounters, kept in this browser only (GMs
// have no accounts). Made on the first visit to the library page; another laptop opens the same library
// with the library link (`/gm#library&l=<token>`), which stores the token there too.

const STORAGE_KEY = 'roundkeeper.gm.library';

export function storedLibraryToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function keepLibraryToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Private browsing: the library works for this visit; the library link brings it back.
  }
}

/** The token from the link, else this browser's, else a new library's. */
export async function openLibraryToken(fromLink: string | null): Promise<string> {
  if (fromLink) {
    keepLibraryToken(fromLink);
    return fromLink;
  }
  const stored = storedLibraryToken();
  if (stored) return stored;
  const { libraryToken } = await libraryApi.create();
  keepLibraryToken(libraryToken);
  return libraryToken;
}

export const libraryLink = (token: string): string => `${location.origin}/gm#library&l=${encodeURIComponent(token)}`;
