#!/usr/bin/env node
// The installed command runs the TypeScript sources directly; tsx compiles them on load.
import { register } from 'tsx/esm/api';

register();
await import('../simulator/cli/main.ts');
