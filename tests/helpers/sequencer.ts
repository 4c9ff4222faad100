/**
 * The order test files start in: the few that take most of the suite's time first, then vitest's own order
 * (BaseSequencer: by the durations of the last run when it has them, else the largest files first). On a clean
 * clone vitest knows no durations, and the differential tests (most of an hour on 2 cores) started after some
 * forty other files: the suite's wall time was that wait plus their length. Started first, they run beside the
 * rest of the suite on the other worker; the two long ones are files of their own so both workers share them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files by how long they take in CI (vitest's report of a run on 2 cores), longest first. */
export const LONGEST_FIRST = [
  'tests/build/differential-site.test.ts',
  'tests/build/differential-vite.test.ts',
  'tests/e2e/lighthouse.test.ts',
  'tests/e2e/real-site.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array#sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
