/*
 * Campaign parameters (specification §3): every query parameter whose name starts with `utm_`.
 * The last campaign seen is kept as `utm`, the first one ever as `initialUtm` (written once), both
 * in local storage; the analytics user gets the current values as properties and the first ones,
 * prefixed `initial_`, only once.
 */
export type Utm = Record<string, string>;

export const utmStorageKey = 'utm';
export const initialUtmStorageKey = 'initialUtm';

/** The `utm_*` parameters of a query string that have a value. */
export function parseUtm(search: string): Utm {
  const utm: Utm = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (name.startsWith('utm_') && value.trim() !== '') utm[name] = value;
  }
  return utm;
}

function readUtm(storage: Storage | null, key: string): Utm | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, utm: Utm) {
  try {
    storage?.setItem(key, JSON.stringify(utm));
  } catch {
    // Storage full or refused: the properties still go out for this visit.
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface StoredUtm {
  current: Utm;
  initial: Utm;
}

/**
 * Records the campaign of this landing: a URL with `utm_*` parameters replaces `utm` and, the first
 * time, sets `initialUtm`; a URL without any keeps what was stored (an internal visit is not a new
 * campaign).
 */
export function recordUtm(search: string, storage: Storage | null = localStorageOrNull()): StoredUtm {
  const fromUrl = parseUtm(search);
  const hasCampaign = Object.keys(fromUrl).length > 0;
  if (hasCampaign) write(storage, utmStorageKey, fromUrl);
  let initial = readUtm(storage, initialUtmStorageKey);
  if (!initial && hasCampaign) {
    initial = fromUrl;
    write(storage, initialUtmStorageKey, fromUrl);
  }
  return { current: hasCampaign ? fromUrl : (readUtm(storage, utmStorageKey) ?? {}), initial: initial ?? {} };
}

/** User properties: `set` the current campaign, `setOnce` the first one as `initial_utm_*`. */
export function utmUserProperties({ current, initial }: StoredUtm): { set: Utm; setOnce: Utm } {
  return {
    set: { ...current },
    setOnce: Object.fromEntries(Object.entries(initial).map(([name, value]) => [`initial_${name}`, value])),
  };
}
