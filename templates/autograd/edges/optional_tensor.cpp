edges.push_back(${name}.has_value() && ${name}->defined() ? edge++ : -1);
