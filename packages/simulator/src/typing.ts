import type { Rng } from './random';
import type { FormField } from './site';

// Made-up but plausible values, distinctive enough that a test can search stored events for them.
const FIRST = ['Marisol', 'Tobias', 'Ingrid', 'Kwame', 'Elodie', 'Rafferty', 'Yuki', 'Soren', 'Amara', 'Leopold'];
const LAST = [
  'Quenby',
  'Thistlewood',
  'Marchbank',
  'Vossberg',
  'Okonkwo-Hale',
  'Pennyfeather',
  'Ravensdale',
  'Ulvaeus',
];
const STREETS = ['Larkspur Lane', 'Cobbler Row', 'Heron Quay', 'Juniper Terrace', 'Millrace Court'];
const CITIES = ['Port Ellery', 'Westmarch', 'Caldermoor', 'Brightwater Falls'];
const CLUBS = ['Cedar Ridge Striders', 'Foxglove Fell Runners', 'Saltmarsh Harriers'];
const COMPANIES = ['Quillfeather Analytics', 'Bramblecote Dental', 'Osterhout Freight', 'Wrenfield Studio'];
const COUNTRIES = ['Luxembourg', 'Iceland', 'Portugal', 'New Zealand'];
const GOALS = [
  'Move from retail management into analytics by next spring',
  'Redesign our clinic booking app myself',
  'Automate the weekly stock report at work',
];
const QUESTIONS = [
  'Do these run wide? My left foot is a half size bigger',
  'Can I pause the subscription over winter without losing my plan',
  'Will the jacket fit over a hydration vest in size M',
];

/** A value a visitor would type into a field; distinct per visitor (names and numbers vary). */
export const textFor = (field: FormField, rng: Rng): string => {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  switch (field.name) {
    case 'name':
      return `${first} ${last}`;
    case 'email':
      return `${first}.${last}${rng.int(10, 99)}@mailbox.example`.toLowerCase();
    case 'address':
      return `${rng.int(2, 980)} ${rng.pick(STREETS)}`;
    case 'city':
      return rng.pick(CITIES);
    case 'postcode':
      return `${rng.pick(['PE', 'WM', 'CM'])}${rng.int(1, 29)} ${rng.int(1, 9)}${rng.pick(['QX', 'ZJ', 'VW'])}`;
    case 'card':
      return `4929 ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)}`;
    case 'expiry':
      return `${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(27, 31)}`;
    case 'club':
      return rng.pick(CLUBS);
    case 'password':
      return `${rng.pick(LAST).slice(0, 5)}-${rng.int(100, 999)}-Trail!`;
    case 'order':
      return `NW-${rng.int(10, 99)}${rng.pick(['QX', 'ZJ', 'VW'])}-${rng.int(1000, 9999)}`;
    case 'code':
      return rng.pick(['SPRING20', 'TRAILTEN', 'WELCOME15', 'FREESHIP']);
    case 'question':
    case 'message':
      return rng.pick(QUESTIONS);
    case 'company':
      return rng.pick(COMPANIES);
    case 'seats':
      return `${rng.int(2, 40)} people`;
    case 'promo':
      return rng.pick(['LEDGER25', 'ANNUAL2MO', 'PARTNER10']);
    case 'vat':
      return `LU${rng.int(10_000_000, 99_999_999)}`;
    case 'zip':
      return `${rng.pick(['HR', 'LS', 'BS'])}${rng.int(1, 29)} ${rng.int(1, 9)}${rng.pick(['QX', 'ZJ', 'VW'])}`;
    case 'phone':
      return `07${rng.int(100, 999)} ${rng.int(100_000, 999_999)}`;
    case 'goal':
      return rng.pick(GOALS);
    case 'country':
      return rng.pick(COUNTRIES);
    default:
      return `${first} ${rng.int(10, 99)}`;
  }
};
