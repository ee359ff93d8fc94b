/**
 * What to take back when a later step of a request refuses: each step that leaves something behind (a held slot, a
 * charge, a request to the model) adds its undo, and a refusal runs them newest first. Undos are best effort: one
 * that fails does not stop the others (what it leaves is recovered later or harmless).
 */
export class Undo {
  private steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    const steps = this.steps.reverse();
    this.steps = [];
    for (const step of steps)
      await Promise.resolve()
        .then(step)
        .catch(() => {});
  }
}
