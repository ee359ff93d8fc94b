// What the health check knows about a provider (LLM, images, mail, payments…), and the registry providers add
// themselves to when their factory builds them, so nobody keeps a list by hand.

export interface ProviderStatus {
  status: 'ok' | 'down' | 'disabled';
  detail?: string;
}

export interface ProviderHealth {
  /** Key in the health response, e.g. `mail`. */
  name: string;
  /** The backend in use, e.g. `smtp` or `outbox`. */
  kind: string;
  health(): Promise<ProviderStatus>;
}

export class HealthRegistry {
  private readonly providers = new Map<string, ProviderHealth>();

  /** Adds a provider (a later one with the same name replaces the earlier, as a test double does). */
  register<P extends ProviderHealth>(provider: P): P {
    this.providers.set(provider.name, provider);
    return provider;
  }

  list(): ProviderHealth[] {
    return [...this.providers.values()];
  }
}
