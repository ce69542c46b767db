import { CheckIcon } from '../icon.tsx';
import { passwordCriteria, type PasswordCriteria } from './field-rules.ts';
import styles from './password-rule.module.css';

/**
 * The password rule as a live checklist under a new-password field.
 * - `password`: what is typed now.
 * - `labels`: the heading and one text per criterion; `met` / `unmet` are read after each item by
 *   screen readers.
 */
export interface PasswordRuleProps {
  id?: string;
  password: string;
  labels: { title: string; met: string; unmet: string } & Record<keyof PasswordCriteria, string>;
}

const order: Array<keyof PasswordCriteria> = ['length', 'lowercase', 'uppercase', 'digit'];

export function PasswordRule({ id, password, labels }: PasswordRuleProps) {
  const criteria = passwordCriteria(password);
  return (
    <div id={id} className={styles.rule}>
      <p className={styles.title}>{labels.title}</p>
      <ul className={styles.list}>
        {order.map((name) => (
          <li key={name} className={criteria[name] ? styles.met : styles.unmet} data-met={criteria[name]}>
            <span className={styles.mark} aria-hidden="true">
              {criteria[name] ? <CheckIcon size={14} /> : null}
            </span>
            <span>
              {labels[name]}
              <span className="visually-hidden"> ({criteria[name] ? labels.met : labels.unmet})</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
