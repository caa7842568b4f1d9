// Where a user last logged in from (login_places): the country, region and city Cloudflare
// resolves from the address (request.cf). Only the region and country are shown to others.
export interface LoginPlace {
  country: string;
  region: string;
  city: string;
}

const field = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : '');

/** The place Cloudflare puts on a request (`request.cf`); empty fields when it says nothing (local runs, tests). */
export function placeOf(cf: unknown): LoginPlace {
  const props = (typeof cf === 'object' && cf !== null ? cf : {}) as Record<string, unknown>;
  return { country: field(props.country), region: field(props.region), city: field(props.city) };
}

/** What a card shows: "region, country" (the city stays private), or '' when unknown. */
export function locationText(place: LoginPlace | null): string {
  if (!place) return '';
  return [...new Set([place.region, place.country].filter((x) => x !== ''))].join(', ');
}

export const recordLoginPlace = (db: D1Database, userId: number, place: LoginPlace) =>
  db
    .prepare(
      `INSERT INTO login_places (user_id, country, region, city, updated_at) VALUES (?1, ?2, ?3, ?4, unixepoch())
       ON CONFLICT(user_id) DO UPDATE SET country = ?2, region = ?3, city = ?4, updated_at = unixepoch()`,
    )
    .bind(userId, place.country, place.region, place.city)
    .run();

export const loginPlaceOf = (db: D1Database, userId: number) =>
  db.prepare('SELECT country, region, city FROM login_places WHERE user_id = ?1').bind(userId).first<LoginPlace>();
