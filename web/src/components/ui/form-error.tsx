// The one validation message a form shows at a time, announced to screen readers.
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 text-center text-[14px] text-danger">
      {message}
    </p>
  );
}
