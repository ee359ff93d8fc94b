// One-at-a-time lane for backends that run a single generation at a time and whose interrupt stops whatever is
// running (Automatic1111/Forge/SD.Next, OpenAI-compatible local servers): jobs wait here, so a cancel never hits
// another job and a waiting job knows its place in line.
export class Lane {
  private readonly waiting: object[] = [];
  private running: object | undefined;
  private wake: (() => void)[] = [];

  /** 1 = next in line; 0 when running or not here. */
  position(ticket: object): number {
    const i = this.waiting.indexOf(ticket);
    return i < 0 ? 0 : i + 1;
  }

  /** Resolves when it is the ticket's turn; false when the ticket was withdrawn meanwhile. */
  async enter(ticket: object): Promise<boolean> {
    this.waiting.push(ticket);
    while (this.running || this.waiting[0] !== ticket) {
      if (!this.waiting.includes(ticket)) return false;
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
    this.waiting.shift();
    this.running = ticket;
    return true;
  }

  leave(ticket: object): void {
    const i = this.waiting.indexOf(ticket);
    if (i >= 0) this.waiting.splice(i, 1);
    if (this.running === ticket) this.running = undefined;
    const wake = this.wake;
    this.wake = [];
    for (const w of wake) w();
  }
}
