import { createHash } from 'node:crypto';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/values/json.ts';

/** The collections whose objects are people or businesses: their names are replaced, and every reference to them with it. */
const PARTIES: Readonly<Record<string, string>> = { customers: 'Customer', vendors: 'Vendor', employees: 'Employee', otherNames: 'Name' };

/** Fields of anyone's identity, wherever they are (a party, a contact, the company record). */
const PERSONAL = /^(companyName|legalCompanyName|firstName|middleName|lastName|salutation|jobTitle|printAs|nameOnCheck|contact|altContact)$/;
const EMAIL = /email/i;
const PHONE = /phone|fax|mobile|pager/i;
const ADDRESS_TEXT = /^(line[1-5]|city|note)$/;
const DIGITS = /^(postalCode|ssn|taxIdentificationNumber|bankAccountNumber|creditCardNumber|cardNumber|employeeId)$/i;
/** Free text: memos, notes, descriptions, messages typed on a form. */
const FREE_TEXT = /^(memo|notes|comment|comments|otherDetails|purchaseOrderNumber|checkNumber|otherCustomField)$|description$/i;

/** A party's name as the desktop makes it: its `name`, or a person's first, middle and last names (an employee). */
const nameOf = (party: JsonObject): string =>
  typeof party['name'] === 'string' ? party['name'] : ['firstName', 'middleName', 'lastName'].map((k) => party[k]).filter((v): v is string => typeof v === 'string' && v !== '').join(' ');

/**
 * Replaces what says who the books are about: the names of customers, vendors, employees and other
 * names (and every reference to them, so the file still loads), contacts, emails, phone numbers,
 * addresses, identification numbers, memos and other free text. Each replacement is a hash of the
 * salt and the original: the same input gives the same output, and without the salt nobody can
 * check a guess. Amounts, dates, quantities, refNumbers, list names (accounts, items, terms) and
 * references to them are kept, so the books reconcile to the cent.
 */
export function anonymizeFixture(fixture: JsonObject, salt: string): JsonObject {
  const hash = (kind: string, text: string): string => createHash('sha256').update(`${salt}\u0000${kind}\u0000${text}`).digest('hex');
  const names = new Map<string, string>();
  const taken = new Set<string>();
  /** One name level (`Job` of `Parent:Job`): a word for what it is and a hash, unique over the file, at most 17 characters. */
  const pseudonym = (word: string, real: string): string => {
    const known = names.get(real.toLowerCase());
    if (known) return known;
    const digest = hash('name', real.toLowerCase());
    let length = 8;
    let out = `${word} ${digest.slice(0, length)}`;
    while (taken.has(out.toLowerCase())) out = `${word} ${digest.slice(0, ++length)}`;
    taken.add(out.toLowerCase());
    names.set(real.toLowerCase(), out);
    return out;
  };
  // Full names by level: a job's parent is the customer's own pseudonym. A hand-written file may name
  // a party by its `key` too: the key is dropped and every use of it becomes the pseudonym.
  const fullNames = new Map<string, string>();
  const fullOf = new Map<JsonObject, string>();
  const byKey = new Map<string, string>();
  for (const [collection, word] of Object.entries(PARTIES)) {
    const objects = Array.isArray(fixture[collection]) ? fixture[collection].filter(isJsonObject) : [];
    for (const party of objects) {
      const written = typeof party['parent'] === 'string' ? party['parent'] : undefined;
      const parent = written === undefined ? undefined : (byKey.get(written) ?? written);
      const full = parent === undefined ? nameOf(party) : `${parent}:${nameOf(party)}`;
      const mapped = `${parent === undefined ? '' : `${fullNames.get(parent.toLowerCase()) ?? parent}:`}${pseudonym(parent === undefined ? word : 'Job', full)}`;
      fullNames.set(full.toLowerCase(), mapped);
      fullOf.set(party, full);
      if (typeof party['key'] === 'string') byKey.set(party['key'], full);
    }
  }
  for (const [key, full] of byKey) fullNames.set(key.toLowerCase(), fullNames.get(full.toLowerCase()) ?? full);
  const digits = (text: string): string => {
    const digest = hash('digits', text);
    let i = 0;
    return text.replace(/[0-9]/g, () => String(parseInt(digest[i++ % digest.length] ?? '0', 16) % 10)).replace(/[A-Za-z]/g, () => 'X');
  };
  const replace = (key: string, value: string): string => {
    const party = fullNames.get(value.toLowerCase());
    if (party !== undefined && !FREE_TEXT.test(key)) return party;
    if (EMAIL.test(key)) return `u${hash('email', value).slice(0, 10)}@example.com`;
    if (PHONE.test(key) || DIGITS.test(key)) return digits(value);
    if (PERSONAL.test(key)) return `Name ${hash('personal', value).slice(0, 8)}`;
    if (ADDRESS_TEXT.test(key)) return `${key === 'city' ? 'City' : 'Line'} ${hash('address', value).slice(0, 6)}`.slice(0, Math.max(value.length, 4));
    if (FREE_TEXT.test(key)) return `Text ${hash('text', value).slice(0, 8)}`.slice(0, Math.max(value.length, 4));
    return value;
  };
  const walk = (value: JsonValue, key: string, inParty: boolean): JsonValue => {
    if (typeof value === 'string') return inParty && key === 'name' ? value : replace(key, value);
    if (Array.isArray(value)) return value.map((v) => walk(v, key, false));
    if (!isJsonObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, false)]));
  };
  const out: JsonObject = {};
  for (const [section, value] of Object.entries(fixture)) {
    const word = PARTIES[section];
    if (word && Array.isArray(value)) {
      out[section] = value.filter(isJsonObject).map((party) => {
        const full = fullOf.get(party) ?? nameOf(party);
        const mapped = fullNames.get(full.toLowerCase()) ?? full;
        const own = mapped.slice(mapped.lastIndexOf(':') + 1);
        const { middleName: _middle, key: _key, ...shaped } = walk(party, section, true) as JsonObject;
        // A party's account number is the one it knows the company by (an account's own is its place in the chart: kept).
        if (typeof party['accountNumber'] === 'string') shaped['accountNumber'] = digits(party['accountNumber']);
        if (typeof party['name'] === 'string') return { ...shaped, name: own };
        // A person named by parts: the parts spell the pseudonym, so references by it still find them.
        const cut = own.indexOf(' ');
        return { ...shaped, firstName: own.slice(0, cut), lastName: own.slice(cut + 1) };
      });
    } else if (section === 'company' && isJsonObject(value)) {
      out[section] = { ...(walk(value, section, false) as JsonObject), name: `Company ${hash('company', String(value['name'])).slice(0, 8)}` };
    } else {
      out[section] = walk(value, section, false);
    }
  }
  return out;
}
