edges.push_back(edge++);
