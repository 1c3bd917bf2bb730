import { Search } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

const DELAY_MS = 300;

interface SearchFieldProps {
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
  className?: string;
}

/** A search box that asks the server once typing pauses, not on every key. */
export function SearchField({ label, placeholder, value, onSearch, className }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  // The URL changed from outside (Back, a link): show what it says.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  const search = useEffectEvent((next: string) => {
    setCommitted(next);
    onSearch(next);
  });
  useEffect(() => {
    if (text.trim() === committed.trim()) return;
    const timer = setTimeout(() => search(text.trim()), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, committed]);
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative mt-1.5">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className="pl-9"
        />
      </div>
    </div>
  );
}
