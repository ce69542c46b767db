/*
 * Which navigation items the work context allows. Placeholder until the accounts work replaces the
 * body with GET /work_context/get/{customer_id}: for now 'applications' always, plus 'connections'
 * when localStorage 'navbarElements' lists it (a JSON array or a comma-separated list).
 */
export type NavbarElement = 'applications' | 'connections';

export const navbarElementsStorageKey = 'navbarElements';

function storedElements(): string[] {
  try {
    const raw = localStorage.getItem(navbarElementsStorageKey);
    if (!raw) return [];
    const parsed: unknown = raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',');
    return Array.isArray(parsed) ? parsed.map((value) => String(value).trim()) : [];
  } catch {
    return [];
  }
}

export function useNavbarElements(): NavbarElement[] {
  const elements: NavbarElement[] = ['applications'];
  if (storedElements().includes('connections')) elements.push('connections');
  return elements;
}
