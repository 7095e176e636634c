import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import type { EncargoFormValues } from '../encargo-form/encargo-form-values';
import { type CampoLeible, estadoLeido, type LecturaEnForm } from './lectura-fill';
import './lectura.css';

/*
 * What the form's fields need to show a reading: kept small and loaded with the form; the source
 * badge (a popover) comes with the reading's own lazily loaded code, which is in once a reading exists.
 */

export interface LecturaContextValue {
  lectura: LecturaEnForm;
  /** Low-confidence fields the person confirmed as they are. */
  confirmados: ReadonlySet<string>;
  values: EncargoFormValues;
  confirmar: (campo: CampoLeible) => void;
  usarLeido: (campo: CampoLeible) => void;
  /** A read value as the person reads it (a court's name rather than its id). */
  describir: (campo: CampoLeible, valor: string | number) => string;
  /** The reading stands beside values someone else typed (a request): a different value is a difference. */
  comparacion?: boolean;
}

const LecturaContext = createContext<LecturaContextValue | null>(null);
export const LecturaProvider = LecturaContext.Provider;
export const useLecturaContext = () => useContext(LecturaContext);

const FuenteCampo = lazy(() => import('./fuente-badge').then((module) => ({ default: module.FuenteCampo })));

/** A form field that a reading may have filled: highlighted by its state, with its source below it. */
export function CampoLeido({ campo, children }: { campo: CampoLeible; children: ReactNode }) {
  const context = useContext(LecturaContext);
  const leido = context?.lectura.leidos[campo];
  const estado = context && leido ? estadoLeido(campo, context.values[campo], leido, context.confirmados.has(campo)) : undefined;
  return (
    <div data-lectura={estado === 'modificado' && context?.comparacion ? 'distinto' : estado} data-campo-leido={leido ? campo : undefined}>
      {children}
      {context && leido && estado && (
        <Suspense fallback={null}>
          <FuenteCampo campo={campo} leido={leido} estado={estado} context={context} />
        </Suspense>
      )}
    </div>
  );
}

const ListaDomicilios = lazy(() => import('./fuente-badge').then((module) => ({ default: module.DomiciliosLeidos })));

/** The addresses a reading found, each with its source (above the address rows it added). */
export function DomiciliosLeidos() {
  const context = useContext(LecturaContext);
  if (!context || context.lectura.domicilios.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ListaDomicilios domicilios={context.lectura.domicilios} />
    </Suspense>
  );
}
