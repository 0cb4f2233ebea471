// Jest runs these ES modules as they are (no transform); its ESM support needs
// NODE_OPTIONS=--experimental-vm-modules (the test script sets it).
export default {
  testEnvironment: 'node',
  transform: {},
  testMatch: ['**/*.test.mjs'],
  globalSetup: './globalSetup.mjs',
  globalTeardown: './globalTeardown.mjs',
};
