/** Why a group form was not saved (the creator's and the settings'), read out when it appears. */
export function FormAlert({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl bg-danger-strong/15 px-3 py-2 text-sm text-fg ring-1 ring-danger-strong/40">
      {error}
    </p>
  );
}
