/**
 * The words a person reads for an object type, made in one place from its `objectType` (always
 * singular: `ldg_sales_order`), never from its resource (`sales-orders`, plural): messages built
 * from the resource read "A employees needs...".
 */
export function nounOf(objectType: string): string {
  return objectType.replace(/^ldg_/, '').replaceAll('_', ' ');
}

/** "an" before a vowel sound: "an employee", "an item receipt", but "a unit of measure set". */
function articleFor(noun: string): 'a' | 'an' {
  if (/^u(ni|s)/.test(noun)) return 'a';
  return /^[aeiou]/.test(noun) ? 'an' : 'a';
}

/** The type's noun with its indefinite article, as a message starts a sentence with it: "An employee", "A class". */
export function aNounOf(objectType: string, capital = false): string {
  const phrase = `${articleFor(nounOf(objectType))} ${nounOf(objectType)}`;
  return capital ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase;
}

/** The nouns of several types a value may name, as a message lists them: "customer or vendor". */
export function nounsOf(objectTypes: readonly string[]): string {
  return objectTypes.map(nounOf).join(' or ');
}

/** As `nounsOf`, with the article the first noun takes: "an invoice or sales receipt". */
export function aNounsOf(objectTypes: readonly string[]): string {
  const nouns = nounsOf(objectTypes);
  return `${articleFor(nouns)} ${nouns}`;
}
