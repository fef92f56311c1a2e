import { useEffect, useRef, useState } from 'react';
import type { DocumentRole } from '../../../core';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/TextArea';
import { scrollIntoViewWithin } from '../../components/scroll-within';

/**
 * Supporting material pasted beside the main document: a Nostr event, a block header, a
 * commitment, a step receipt or the final answer. It is verified together with the editor's text.
 */
export function PasteSupplied({ onAdd }: { onAdd: (text: string, role?: DocumentRole) => void }) {
  const [text, setText] = useState('');
  const [finalAnswer, setFinalAnswer] = useState(false);
  // Opened from the More menu: focus goes into the text area, not back to the menu button, and
  // the whole form (its button below the text area included) comes into view.
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    areaRef.current?.focus({ preventScroll: true });
    if (formRef.current) scrollIntoViewWithin(formRef.current, 'nearest');
  }, []);
  return (
    <div ref={formRef} className="mt-3 space-y-2" data-testid="paste-supplied">
      <label className="block text-sm">
        Supporting document (Nostr event JSON, block header hex, commitment, step receipt, final
        answer…)
        <TextArea
          ref={areaRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 h-24 p-2"
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={finalAnswer}
          onChange={(e) => setFinalAnswer(e.target.checked)}
        />
        This is the workflow’s final answer (its SHA-256 must equal output_hash)
      </label>
      <Button
        size="sm"
        disabled={text.trim() === ''}
        onClick={() => onAdd(text, finalAnswer ? 'final-answer' : undefined)}
      >
        Add as supplied document
      </Button>
    </div>
  );
}
