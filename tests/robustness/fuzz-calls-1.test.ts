import { fuzzPart } from './fuzz-calls.ts';

/** Part 1 of the fuzz of every registered call (fuzz-calls.ts). */
fuzzPart(1);
