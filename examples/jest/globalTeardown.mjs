export default async function globalTeardown() {
  await globalThis.ledgerSimSandbox?.close();
}
