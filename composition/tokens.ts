/** The container's tokens: one per port, adapter resource and use case (./container.ts, ./use-cases.ts). */
export const TOKENS = {
  Config: Symbol.for('drivercard.Config'),
  Clock: Symbol.for('drivercard.Clock'),
  Hasher: Symbol.for('drivercard.Hasher'),
  IdGenerator: Symbol.for('drivercard.IdGenerator'),
  /** every storage port over one database (core/ports/storage.ts; closed on unbind); the ports below are its members */
  Storage: Symbol.for('drivercard.Storage'),
  ImportStore: Symbol.for('drivercard.ImportStore'),
  FleetStore: Symbol.for('drivercard.FleetStore'),
  /** the stored VU downloads (core/ports/vehicle-unit-store.ts); optional until the storage bundle provides it */
  VehicleUnitStore: Symbol.for('drivercard.VehicleUnitStore'),
  /** the worker pool (a resource closed on unbind); the CardDecoder port is its `decode` */
  DecoderPool: Symbol.for('drivercard.DecoderPool'),
  CardDecoder: Symbol.for('drivercard.CardDecoder'),
  /** vehicle-unit downloads' decoder and verifier (core/use-cases/decode-vu-file.ts) */
  VuDecoder: Symbol.for('drivercard.VuDecoder'),
  /** DRIVERCARD_REQUIRE_VERIFIED as a boolean */
  RequireVerified: Symbol.for('drivercard.RequireVerified'),
  RestLog: Symbol.for('drivercard.RestLog'),
  ImportUseCase: Symbol.for('drivercard.ImportUseCase'),
  QueryUseCases: Symbol.for('drivercard.QueryUseCases'),
  OverviewUseCases: Symbol.for('drivercard.OverviewUseCases'),
  HealthUseCase: Symbol.for('drivercard.HealthUseCase'),
  FleetUseCases: Symbol.for('drivercard.FleetUseCases'),
  RefreshFleetCard: Symbol.for('drivercard.RefreshFleetCard'),
  /** the use cases that started work in the background (awaited before the ports close): a Set, ./use-cases.ts */
  BackgroundWork: Symbol.for('drivercard.BackgroundWork'),
  /** what runs before every read of the fleet rows (the fleet list and summary, the today view): one per container */
  BeforeFleetRead: Symbol.for('drivercard.BeforeFleetRead'),
  ImportLifecycle: Symbol.for('drivercard.ImportLifecycle'),
  /** a restore's import of each original again, as recorded (core/use-cases/replay-imports.ts) */
  ReplayImports: Symbol.for('drivercard.ReplayImports'),
  FleetChecks: Symbol.for('drivercard.FleetChecks'),
  /** the annotation and review tables */
  OfficeRecords: Symbol.for('drivercard.OfficeRecords'),
  Annotations: Symbol.for('drivercard.Annotations'),
  FindingReviews: Symbol.for('drivercard.FindingReviews'),
  /** DRIVERCARD_HOME_COUNTRY (string or null), the stored home countries and the setting's use case */
  HomeCountry: Symbol.for('drivercard.HomeCountry'),
  HomeCountryStore: Symbol.for('drivercard.HomeCountryStore'),
  HomeCountries: Symbol.for('drivercard.HomeCountries'),
  /** the cards' home countries as the checks read them (stored or DRIVERCARD_HOME_COUNTRY; reading only) */
  EffectiveHomeCountries: Symbol.for('drivercard.EffectiveHomeCountries'),
  Today: Symbol.for('drivercard.Today'),
  /** one vehicle's VU rows for its report and exports */
  VehicleReport: Symbol.for('drivercard.VehicleReport'),
  /** the today view's kept open findings */
  OpenFindings: Symbol.for('drivercard.OpenFindings'),
  ImportAttention: Symbol.for('drivercard.ImportAttention'),
  VehicleUnitQueries: Symbol.for('drivercard.VehicleUnitQueries'),
  /** what only the vehicle knows, across cards */
  VehicleUnitAnalysis: Symbol.for('drivercard.VehicleUnitAnalysis'),
  IdempotencyKeys: Symbol.for('drivercard.IdempotencyKeys'),
  /** the changes of imports, annotations and reviews in commit order */
  ChangeFeed: Symbol.for('drivercard.ChangeFeed'),
} as const;
