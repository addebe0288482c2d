/**
 * Names every test that passed only on its second try. A browser test gets one retry (see
 * vite.config.ts): a full run on a busy 2-core machine drives three browsers for half an hour,
 * and a stall there should not sink it. But a second-try pass is a bug to find, not a pass to
 * trust: this list, at the end of the run, says where to look.
 */
import type { Reporter, TestCase } from 'vitest/node';

export default class SecondTries implements Reporter {
  private readonly names: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    if (retryCount > 0 && test.result().state === 'passed') {
      this.names.push(`${test.project.name} ${test.module.relativeModuleId} > ${test.fullName}`);
    }
  }

  onTestRunEnd(): void {
    if (this.names.length === 0) return;
    console.log(`\nPassed only on a second try (${this.names.length}); each is a flaw to find:`);
    for (const name of this.names) console.log(`  - ${name}`);
  }
}
